import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route as ListRoute } from "~/routes/+types/admin.catalog";
import type { Route as ItemRoute } from "~/routes/+types/admin.catalog-item";
import { maxItemDescriptionLength, maxItemNameLength } from "~core/admin/catalog-form";
import { fullName, sizeText } from "~core/catalog";
import { planPriceNoticeDays } from "~core/catalog-prices";
import { catalogIntents, type IntentOf, intentField } from "~core/form-intent";
import { formatItemPrice, formatMoney } from "~core/money";
import { ItemPicture } from "../storefront/media";
import { Field } from "./Field";
import { StatusBadge } from "./ListParts";
import { PageHeading, Panel, Refusal } from "./PageParts";
import { PhotoFields } from "./PhotoUpload";
import { ShopTime } from "./shop-time";

type ListData = ListRoute.ComponentProps["loaderData"];
type ItemData = ItemRoute.ComponentProps["loaderData"];
type Refused = NonNullable<ItemRoute.ComponentProps["actionData"]>;
type HistoryEntry = ItemData["history"][number];

function Switches({ item }: { item: ListData["rows"][number]["item"] }) {
  return (
    <div className="flex flex-wrap gap-2">
      <StatusBadge>{item.active ? "On sale" : "Not on sale"}</StatusBadge>
      {item.discountEligible ? <StatusBadge>Discount-eligible</StatusBadge> : null}
      {item.restaurantOnly ? <StatusBadge>Restaurants only</StatusBadge> : null}
    </div>
  );
}

/** Every item with its price, any price to come, and whether it is sold. */
export function CatalogList({ rows }: ListData) {
  return (
    <div className="space-y-6">
      <PageHeading title="Catalog">
        Names, descriptions and prices as shoppers see them. A new price reaches the shop within
        seconds; orders already placed keep what they were charged.
      </PageHeading>
      <ul className="grid gap-3 md:grid-cols-2">
        {rows.map(({ item, next }) => (
          <li
            key={item.id}
            aria-labelledby={`item-${item.id}`}
            className="flex flex-col gap-3 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`item-${item.id}`} className="text-xl">
                {item.name} <span className="text-base text-ink/75">{sizeText(item)}</span>
              </h2>
              <p className="font-serif text-xl">{formatItemPrice(item, item.priceCents)}</p>
            </div>
            <Switches item={item} />
            {next ? (
              <p className="text-sm">
                {formatMoney(next.priceCents)} from <ShopTime at={next.startsAt} />
              </p>
            ) : null}
            <Link
              to={`/admin/catalog/${item.id}`}
              className="btn-outline inline-flex min-h-11 w-fit items-center"
            >
              Edit<span className="sr-only"> {fullName(item)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Check({ name, checked, children }: { name: string; checked: boolean; children: string }) {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={checked}
        className="size-5 accent-olive-800"
      />
      <span>{children}</span>
    </label>
  );
}

/**
 * One of the item page's forms: its title, what it does, and what the page was loaded with, so
 * that a second press or a form older than another change is refused.
 */
function CatalogForm({
  title,
  intent,
  loaded,
  refusal,
  children,
}: {
  title: string;
  intent: IntentOf<typeof catalogIntents>;
  loaded: { name: string; value: string };
  refusal: string | null;
  children: ReactNode;
}) {
  const titleId = `${intent}-title`;
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-olive-200 bg-cream p-4 sm:p-5"
    >
      <h2 id={titleId} className="text-xl">
        {title}
      </h2>
      <input type="hidden" name={intentField} value={intent} />
      <input type="hidden" name={loaded.name} value={loaded.value} />
      <Refusal message={refusal} />
      {children}
    </Form>
  );
}

function typed(refused: Refused | null, form: Refused["form"], name: string) {
  return refused?.form === form ? refused.values[name] : undefined;
}

/** What the item's details and photo forms are drawn from. */
type ItemForm = Pick<ItemData, "item" | "version"> & { refused: Refused | null; busy: boolean };

function DetailsForm({ item, version, refused, busy }: ItemForm) {
  const errors = refused?.form === "details" ? refused.fieldErrors : {};
  const text = (name: "name" | "description", stored: string) => {
    const value = typed(refused, "details", name);
    return typeof value === "string" ? value : stored;
  };
  const flag = (name: "active" | "discountEligible", stored: boolean) => {
    const value = typed(refused, "details", name);
    return typeof value === "boolean" ? value : stored;
  };
  return (
    <CatalogForm
      title="Name and description"
      intent={catalogIntents.saveDetails}
      loaded={{ name: "version", value: version }}
      refusal={refused?.form === "details" ? refused.message : null}
    >
      <Field
        label="Name"
        name="name"
        form="details"
        error={errors.name}
        hint={`Up to ${maxItemNameLength} characters`}
        defaultValue={text("name", item.name)}
      />
      <Field
        label="Description"
        name="description"
        form="details"
        multiline
        error={errors.description}
        hint={`Up to ${maxItemDescriptionLength} characters, shown on the item's card`}
        defaultValue={text("description", item.description)}
      />
      <Check name="active" checked={flag("active", item.active)}>
        On sale (clear to stop selling it)
      </Check>
      <Check name="discountEligible" checked={flag("discountEligible", item.discountEligible)}>
        Discount-eligible (percent promotions apply to it)
      </Check>
      <button type="submit" disabled={busy} className="btn-primary w-full sm:w-auto">
        Save name and description
      </button>
    </CatalogForm>
  );
}

function PriceForm({
  item,
  latestPriceId,
  refused,
  busy,
}: Pick<ItemData, "item" | "latestPriceId"> & { refused: Refused | null; busy: boolean }) {
  const errors = refused?.form === "price" ? refused.fieldErrors : {};
  const value = (name: string) => {
    const typedValue = typed(refused, "price", name);
    return typeof typedValue === "string" ? typedValue : "";
  };
  const scheduled = value("timing") === "scheduled";
  return (
    <CatalogForm
      title="Change the price"
      intent={catalogIntents.setPrice}
      loaded={{ name: "latestPriceId", value: String(latestPriceId) }}
      refusal={refused?.form === "price" ? refused.message : null}
    >
      <p className="text-sm">
        Now {formatItemPrice(item, item.priceCents)}.{" "}
        {item.kind === "membership"
          ? `Members are e-mailed the new price when you set it; it reaches them ${planPriceNoticeDays} days later at the earliest. New members pay it from its start.`
          : "Open carts show a new price within seconds; orders already placed keep theirs."}
      </p>
      <Field
        label="New price in dollars"
        name="price"
        form="price"
        inputMode="decimal"
        error={errors.price}
        defaultValue={value("price")}
      />
      <fieldset className="space-y-2 rounded-lg border border-olive-200 p-4">
        <legend className="font-semibold">From when</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name="timing"
            value="now"
            defaultChecked={!scheduled}
            className="size-5 accent-olive-800"
          />
          <span>Now</span>
        </label>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name="timing"
            value="scheduled"
            defaultChecked={scheduled}
            className="size-5 accent-olive-800"
          />
          <span>From a later day (at midnight, the shop's time)</span>
        </label>
        <Field
          label="Starts on"
          name="startsOn"
          form="price"
          type="date"
          error={errors.startsOn}
          defaultValue={value("startsOn")}
        />
      </fieldset>
      <button type="submit" disabled={busy} className="btn-primary w-full sm:w-auto">
        Set price
      </button>
    </CatalogForm>
  );
}

/** The item's photo as the shop shows it, a new one with its alt text, and back to the drawing. */
function PhotoForm({ item, version, refused, busy }: ItemForm) {
  const errors = refused?.form === "photo" ? refused.fieldErrors : {};
  const alt = typed(refused, "photo", "alt");
  const versionField = <input type="hidden" name="version" value={version} />;
  return (
    <Panel id="photo-title" title="Photo" className="space-y-4 sm:p-5 lg:col-span-2">
      <Refusal message={refused?.form === "photo" ? refused.message : null} />
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <figure className="flex shrink-0 flex-col gap-2">
          <ItemPicture
            item={item}
            alt={`The illustration of ${fullName(item)}`}
            sizes="144px"
            className="h-48 w-auto self-start rounded-lg bg-parchment"
          />
          <figcaption className="max-w-60 text-sm">
            {item.photo
              ? `The shop shows this photo: ${item.photo.alt}`
              : "No photo: the shop shows this illustration."}
          </figcaption>
        </figure>
        <div className="flex-1 space-y-4">
          {/* A new photo empties the form; a refused one keeps what was chosen and typed. */}
          <Form
            key={item.photo?.key ?? "none"}
            method="post"
            encType="multipart/form-data"
            noValidate
            aria-label="Upload a photo"
            className="space-y-3"
          >
            <input type="hidden" name={intentField} value={catalogIntents.uploadPhoto} />
            {versionField}
            <PhotoFields
              form="photo"
              label={item.photo ? "New photo" : "Photo"}
              errors={errors}
              typedAlt={typeof alt === "string" ? alt : undefined}
            />
            <button type="submit" disabled={busy} className="btn-primary w-full sm:w-auto">
              Upload photo
            </button>
          </Form>
          {item.photo ? (
            <Form method="post" aria-label="Remove the photo">
              <input type="hidden" name={intentField} value={catalogIntents.removePhoto} />
              {versionField}
              <button type="submit" disabled={busy} className="btn-outline w-full sm:w-auto">
                Remove photo
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </Panel>
  );
}

function PriceTable({
  title,
  entries,
  empty,
  showMembers,
}: {
  title: string;
  entries: HistoryEntry[];
  empty: string;
  showMembers: boolean;
}) {
  const id = `prices-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-olive-200 bg-cream px-4 py-5">
          {empty}
        </p>
      ) : (
        <div className="rounded-xl border border-olive-200 bg-cream">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-olive-200 bg-parchment">
              <tr>
                <th scope="col" className="px-3 py-3 sm:px-4">
                  Price
                </th>
                <th scope="col" className="px-3 py-3 sm:px-4">
                  From
                </th>
                {showMembers ? (
                  <th scope="col" className="px-3 py-3 sm:px-4">
                    Members pay it from
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-3 sm:px-4">
                  Set by
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-olive-100 last:border-0">
                  <td className="px-3 py-3 sm:px-4 font-semibold">
                    {formatMoney(entry.priceCents)}
                  </td>
                  <td className="px-3 py-3 sm:px-4">
                    {entry.decidedBy === null ? (
                      "The shop's opening"
                    ) : (
                      <ShopTime at={entry.startsAt} />
                    )}
                  </td>
                  {showMembers ? (
                    <td className="px-3 py-3 sm:px-4">
                      {entry.membersFrom && entry.decidedBy !== null ? (
                        <ShopTime at={entry.membersFrom} />
                      ) : (
                        "—"
                      )}
                    </td>
                  ) : null}
                  <td className="px-3 py-3 [overflow-wrap:anywhere] sm:px-4">
                    {entry.decidedBy ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One item: its texts and switches, a new price now or later, its photo, and every price it had. */
export function CatalogItemEditor({
  item,
  version,
  history,
  scheduled,
  latestPriceId,
  refused,
}: ItemData & { refused: Refused | null }) {
  const busy = useNavigation().state === "submitting";
  const plan = item.kind === "membership";
  return (
    <div className="space-y-6">
      <Link to="/admin/catalog" className="text-sm font-semibold underline underline-offset-4">
        All items
      </Link>
      <PageHeading title={fullName(item)}>
        {sizeText(item)} · {formatItemPrice(item, item.priceCents)}
      </PageHeading>
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailsForm item={item} version={version} refused={refused} busy={busy} />
        <PriceForm item={item} latestPriceId={latestPriceId} refused={refused} busy={busy} />
        <PhotoForm item={item} version={version} refused={refused} busy={busy} />
      </div>
      <PriceTable
        title="Scheduled prices"
        entries={scheduled}
        empty="No price is scheduled."
        showMembers={plan}
      />
      <PriceTable
        title="Price history"
        entries={history}
        empty="No price has been set yet."
        showMembers={plan}
      />
    </div>
  );
}
