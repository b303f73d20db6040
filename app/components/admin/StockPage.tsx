import type { ReactNode } from "react";
import { Form } from "react-router";
import type { Route } from "~/routes/+types/admin.stock";
import { formatDate } from "~core/dates";
import { intentField, stockIntents } from "~core/form-intent";
import { harvestText, renewalCommitmentDays } from "~core/stock";
import { maxBottlesPerLot } from "~core/stock-forms";
import { Field, fieldClass } from "./Field";
import { FoldedForm } from "./FoldedForm";
import { StatusBadge } from "./ListParts";

type LoaderData = Route.ComponentProps["loaderData"];
type Refusal = Route.ComponentProps["actionData"];
type Bottle = LoaderData["bottles"][number];
type Lot = Bottle["lots"][number];

const dayText = (isoDay: string) => formatDate(new Date(`${isoDay}T12:00:00Z`));

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-parchment px-3 py-2">
      <dt className="text-xs font-semibold tracking-wide text-ink/70 uppercase">{label}</dt>
      <dd className="text-2xl font-semibold text-olive-950">{value}</dd>
    </div>
  );
}

function RefusalMessage({ refusal, form }: { refusal: Refusal; form: string }) {
  if (refusal?.form !== form || !refusal.message) return null;
  return (
    <p role="alert" className="text-sm font-semibold text-red-800">
      {refusal.message}
    </p>
  );
}

function ReceiveLotForm({
  bottles,
  today,
  receiptKey,
  refusal,
}: {
  bottles: Bottle[];
  today: string;
  receiptKey: string;
  refusal: Refusal;
}) {
  const mine = refusal?.form === "receive" ? refusal : undefined;
  const error = (name: string) => mine?.fieldErrors?.[name];
  const typed = (name: string) => mine?.values[name];
  return (
    <section
      aria-labelledby="receive-lot"
      className="rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
    >
      <h2 id="receive-lot" className="text-xl">
        Receive a lot
      </h2>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-start">
        <input type="hidden" name={intentField} value={stockIntents.receive} />
        <input type="hidden" name="receiptKey" value={receiptKey} />
        <div className="flex flex-col gap-1">
          <label htmlFor="receive-bottleId" className="font-semibold">
            Bottle
          </label>
          <select
            id="receive-bottleId"
            name="bottleId"
            defaultValue={typed("bottleId")}
            aria-invalid={error("bottleId") ? true : undefined}
            aria-describedby="receive-bottleId-error"
            className={fieldClass}
          >
            {bottles.map((bottle) => (
              <option key={bottle.bottleId} value={bottle.bottleId}>
                {bottle.name}
              </option>
            ))}
          </select>
          <span id="receive-bottleId-error" className="text-sm font-medium text-red-800">
            {error("bottleId")}
          </span>
        </div>
        <Field
          label="Bottles"
          name="bottles"
          form="receive"
          type="number"
          required
          error={error("bottles")}
          defaultValue={typed("bottles")}
        />
        <Field
          label="Harvest date"
          name="harvestDate"
          form="receive"
          type="date"
          required
          error={error("harvestDate")}
          defaultValue={typed("harvestDate") ?? today}
        />
        <Field
          label="Pressing date"
          name="pressingDate"
          form="receive"
          type="date"
          required
          error={error("pressingDate")}
          defaultValue={typed("pressingDate") ?? today}
        />
        <button type="submit" className="btn-primary lg:mt-7">
          Receive lot
        </button>
      </Form>
      <RefusalMessage refusal={refusal} form="receive" />
    </section>
  );
}

function LotForm({
  lot,
  refusal,
  reason,
}: {
  lot: Lot;
  refusal: Refusal;
  reason: "damaged" | "count_correction";
}) {
  const form = `${reason}-${lot.id}`;
  const mine = refusal?.form === form ? refusal : undefined;
  const damage = reason === "damaged";
  return (
    <Form method="post" className="flex flex-col gap-2">
      <input
        type="hidden"
        name={intentField}
        value={damage ? stockIntents.recordDamage : stockIntents.correctCount}
      />
      <input type="hidden" name="lotId" value={lot.id} />
      <input type="hidden" name="expectedOnHand" value={lot.onHand} />
      <Field
        label={damage ? "Damaged bottles" : "Bottles counted"}
        name="bottles"
        form={form}
        type="number"
        required
        error={mine?.fieldErrors?.bottles}
        defaultValue={mine?.values.bottles}
      />
      <button type="submit" className="btn-outline text-olive-900">
        {damage ? "Record damage" : "Correct count"}
      </button>
      <RefusalMessage refusal={refusal} form={form} />
    </Form>
  );
}

function LotCard({ lot, refusal }: { lot: Lot; refusal: Refusal }) {
  return (
    <li className="rounded-lg border border-olive-200 bg-white/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {harvestText(lot.harvestDate)} · lot {lot.id}
        </p>
        <StatusBadge>{lot.pastSellBy ? "Past 18 months: not sold" : "Selling"}</StatusBadge>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        <Fact label="Harvested">{dayText(lot.harvestDate)}</Fact>
        <Fact label="Pressed">{dayText(lot.pressingDate)}</Fact>
        <Fact label="Received">{`${lot.receivedBottles} bottles`}</Fact>
        <Fact label="On hand">{`${lot.onHand} bottles`}</Fact>
        <Fact label="Sold until">{dayText(lot.sellBy)}</Fact>
      </dl>
      <div className="mt-3">
        <FoldedForm label="Adjust this lot" open={refusal?.form.endsWith(`-${lot.id}`) ?? false}>
          <div className="grid gap-3 sm:grid-cols-2">
            <LotForm lot={lot} refusal={refusal} reason="damaged" />
            <LotForm lot={lot} refusal={refusal} reason="count_correction" />
          </div>
        </FoldedForm>
      </div>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink/70 uppercase">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ThresholdForm({ bottle, refusal }: { bottle: Bottle; refusal: Refusal }) {
  const form = `threshold-${bottle.bottleId}`;
  const mine = refusal?.form === form ? refusal : undefined;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name={intentField} value={stockIntents.setThreshold} />
      <input type="hidden" name="bottleId" value={bottle.bottleId} />
      <Field
        label="Low-stock threshold"
        name="threshold"
        form={form}
        type="number"
        required
        error={mine?.fieldErrors?.threshold}
        defaultValue={mine?.values.threshold ?? String(bottle.lowStockThreshold)}
      />
      <button type="submit" className="btn-outline mb-7 text-olive-900">
        Save threshold
      </button>
    </Form>
  );
}

function BottleSection({ bottle, refusal }: { bottle: Bottle; refusal: Refusal }) {
  const id = `bottle-${bottle.bottleId}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-2xl">
        {bottle.name}
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:max-w-xl sm:grid-cols-4">
        <Count label="On hand" value={bottle.onHand} />
        <Count label="Held" value={bottle.held} />
        <Count label="Committed" value={bottle.committed} />
        <Count label="Sellable" value={bottle.sellable} />
      </dl>
      <ThresholdForm bottle={bottle} refusal={refusal} />
      {bottle.lots.length === 0 ? (
        <p className="text-sm text-ink/75">No lot holds bottles: the shop shows it sold out.</p>
      ) : (
        <ul className="space-y-3">
          {bottle.lots.map((lot) => (
            <LotCard key={lot.id} lot={lot} refusal={refusal} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Stock by harvest lot: each bottle's counts, its lots oldest first with their damage and count
 * forms, and the form that receives a new lot. Sets and memberships draw on these bottles.
 */
export function StockPage({
  bottles,
  today,
  receiptKey,
  refusal,
}: LoaderData & { refusal: Refusal }) {
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-3xl sm:text-4xl">Stock</h1>
        <p className="max-w-prose text-ink/80">
          Held bottles wait in checkouts not yet paid; committed bottles go to the memberships
          renewing within {renewalCommitmentDays} days. Sellable bottles are on hand, neither held
          nor committed, from lots under 18 months after harvest; lots sell oldest first. Up to{" "}
          {maxBottlesPerLot.toLocaleString("en-US")} bottles per lot.
        </p>
      </div>
      <ReceiveLotForm bottles={bottles} today={today} receiptKey={receiptKey} refusal={refusal} />
      {bottles.map((bottle) => (
        <BottleSection key={bottle.bottleId} bottle={bottle} refusal={refusal} />
      ))}
    </div>
  );
}
