import { Link } from "react-router";
import type { Route as RootRoute } from "~/+types/root";
import { useHydrated } from "~/components/forms/use-hydrated";
import type { Route } from "~/routes/+types/admin.packing-slips";
import type { PackingSlip } from "~core/admin/packing-slip";
import { refundPolicy } from "~core/refund-policy";
import { ShopTime } from "./shop-time";

const labelClass = "text-xs font-semibold tracking-wide text-ink/70 uppercase";

type Brand = RootRoute.ComponentProps["loaderData"]["brand"];

/** The items and their quantities; no prices, as a slip may travel with a gift. */
function SlipLines({ slip }: { slip: PackingSlip }) {
  return (
    <table className="w-full border-collapse">
      <caption className="sr-only">Items in order {slip.orderId}</caption>
      <thead>
        <tr className="border-b border-ink">
          <th scope="col" className={`${labelClass} py-2 text-left`}>
            Item
          </th>
          <th scope="col" className={`${labelClass} py-2 text-right`}>
            Quantity
          </th>
        </tr>
      </thead>
      <tbody>
        {slip.lines.map((line) => (
          <tr key={line.name} className="border-b border-olive-200">
            <td className="py-2 pr-4">{line.name}</td>
            <td className="py-2 text-right font-semibold">{line.quantity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Slip({ slip, brand }: { slip: PackingSlip; brand: Brand }) {
  const headingId = `slip-${slip.orderId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-5 rounded-xl border border-olive-200 bg-white p-5 break-after-page last:break-after-auto sm:p-8 print:rounded-none print:border-0 print:p-0"
    >
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-ink pb-4">
        <div>
          <p className="font-serif text-2xl text-olive-950">{brand.name}</p>
          <p className="text-sm">{brand.supportEmail}</p>
        </div>
        <div className="sm:text-right">
          <h2 id={headingId} className="text-xl">
            Packing slip for order <span className="font-mono">{slip.orderId}</span>
          </h2>
          <p className="text-sm">
            Placed on <ShopTime at={slip.placedAt} />
          </p>
        </div>
      </div>
      <div>
        <h3 className={`${labelClass} font-sans`}>{slip.delivery.heading}</h3>
        <address className="mt-1 not-italic">
          {slip.delivery.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </div>
      <SlipLines slip={slip} />
      <p className="text-sm">
        <strong>Returns:</strong> {refundPolicy(brand.supportEmail)}
      </p>
    </section>
  );
}

function NothingToPrint({ reason }: { reason: string }) {
  return (
    <div className="rounded-xl border border-dashed border-olive-200 bg-cream px-6 py-12 text-center">
      <p className="text-lg font-semibold">Nothing to print</p>
      <p className="mt-2 text-ink/75">{reason}</p>
      <Link to="/admin/orders" className="btn-primary mt-6 inline-flex">
        Choose orders
      </Link>
    </div>
  );
}

/**
 * Packing slips for the orders chosen, each on a printed page of its own. The page prints alone
 * (`data-prints-alone`, see app.css): the back office's frame and this page's controls stay on
 * the screen.
 */
export function PackingSlips({
  slips,
  notFound,
  refusal,
  brand,
}: Route.ComponentProps["loaderData"] & { brand: Brand }) {
  const hydrated = useHydrated();
  const nothingToPrint =
    refusal ?? (slips.length === 0 ? "None of the chosen orders was found." : null);
  return (
    <div data-prints-alone className="space-y-5">
      <div className="space-y-3 print:hidden">
        <Link
          to="/admin/orders"
          className="text-sm font-semibold text-olive-900 underline underline-offset-4"
        >
          All orders
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl sm:text-4xl">Packing slips</h1>
          {hydrated && slips.length > 0 ? (
            <button type="button" onClick={() => window.print()} className="btn-primary">
              Print
            </button>
          ) : null}
        </div>
        {slips.length > 0 ? (
          <p className="text-sm text-ink/80">
            {slips.length === 1 ? "1 slip" : `${slips.length} slips`}, each on a page of its own
            when printed.
          </p>
        ) : null}
        {notFound.length > 0 ? (
          <p role="alert" className="rounded-lg bg-gold-200 px-4 py-3 text-sm text-ink">
            Not found, so not printed: {notFound.join(", ")}.
          </p>
        ) : null}
      </div>
      {nothingToPrint ? <NothingToPrint reason={nothingToPrint} /> : null}
      {slips.map((slip) => (
        <Slip key={slip.orderId} slip={slip} brand={brand} />
      ))}
    </div>
  );
}
