/**
 * Sample orders for trying and measuring the back office: a shop's two years of orders, with
 * repeat customers, membership renewals, local pickups and every fulfilment status, refunds in
 * part and in full, drawn from a seeded
 * generator so that one seed always gives the same orders (their dates count back from `end`),
 * a larger count the same first orders and then more.
 * The e-mail addresses are on the reserved example domains, so no message can reach anyone.
 */

import { getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  type ItemId,
  isMembershipId,
  isRestaurantBottleId,
  orderItemName,
  specCatalog,
} from "~core/catalog";
import type { Carrier } from "~core/fulfilment";
import type { FulfilmentStatus, OrderStatuses } from "~core/order-status";
import {
  type CartLine,
  defaultFreeShippingMinCents,
  defaultStandardShippingCents,
  priceCart,
} from "~core/pricing";
import type { Database } from "../../server/db/client.server";
import {
  type OrderPromotion,
  orderItems,
  orders,
  type PostalAddress,
} from "../../server/db/schema.server";
import { welcome10 } from "./promotions";

type NewOrder = typeof orders.$inferInsert;
type NewOrderItem = typeof orderItems.$inferInsert;

export interface SampleOrder {
  order: NewOrder;
  items: Omit<NewOrderItem, "orderId">[];
}

export interface SampleOrdersOptions {
  count: number;
  seed: number;
  /** The newest order is placed before this instant; the oldest about two years earlier. */
  end: Date;
}

type Random = () => number;

/** mulberry32: a small, fast generator whose sequence depends only on its seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: Random, values: readonly T[]): T {
  const value = values[Math.floor(random() * values.length)];
  if (value === undefined) throw new Error("nothing to pick from");
  return value;
}

function weighted<T>(random: Random, choices: ReadonlyArray<readonly [T, number]>): T {
  const totalWeight = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let remaining = random() * totalWeight;
  for (const [value, weight] of choices) {
    remaining -= weight;
    if (remaining < 0) return value;
  }
  const last = choices.at(-1);
  if (!last) throw new Error("nothing to pick from");
  return last[0];
}

// Among the most common given names and surnames in the United States.
const firstNames = `
James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard
Susan Joseph Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy Matthew Betty
Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua
Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald
Rebecca Jason Laura Edward Sharon Jeffrey Cynthia Ryan Kathleen Jacob Amy Gary Angela Nicholas
Shirley Eric Anna Jonathan Brenda Stephen Pamela Larry Emma Justin Nicole Scott Helen Brandon
Samantha Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel Patrick Carolyn
Frank Janet Raymond Maria Jack Olivia Dennis Heather Jerry Diane Tyler Julie Aaron Joyce Jose
Victoria Adam Ruth Nathan Virginia Henry Lauren Zachary Kelly Douglas Christina Peter Joan Kyle
Evelyn Noah Judith Ethan Andrea Jeremy Hannah Walter Megan Christian Cheryl Keith Jacqueline
Roger Martha Terry Madison Austin Teresa Sean Gloria Gerald Sara Carl Janice Harold Ann Dylan
Kathryn Arthur Abigail Lawrence Sophia Jordan Frances Jesse Jean Bryan Alice Billy Judy Bruce
Isabella Gabriel Julia Joe Grace Logan Amber Alan Denise Juan Danielle Albert Marilyn Willie
Beverly Elijah Charlotte Wayne Natalie Randy Theresa Vincent Diana Mason Brittany Roy Doris
Ralph Kayla Bobby Alexis Russell Lori Bradley Marie
`
  .trim()
  .split(/\s+/);

const lastNames = `
Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris
Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips
Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers
Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson
Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders
Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler
Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton
Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina
Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington
Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter
Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black
Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson
Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins O'Brien Lawson
`
  .trim()
  .split(/\s+/);

const emailDomains = ["example.com", "example.net", "example.org"] as const;

const streetNames = [
  "Main Street",
  "Oak Avenue",
  "Maple Drive",
  "Cedar Lane",
  "Park Avenue",
  "Elm Street",
  "Washington Boulevard",
  "Lakeview Drive",
  "Hillcrest Road",
  "Sunset Boulevard",
  "Pine Street",
  "Riverside Drive",
  "Church Street",
  "Highland Avenue",
  "Willow Way",
  "Mill Road",
] as const;

const cities = [
  "Mountain View, CA 94041",
  "San Francisco, CA 94110",
  "Los Angeles, CA 90027",
  "San Diego, CA 92104",
  "Sacramento, CA 95816",
  "Portland, OR 97214",
  "Seattle, WA 98103",
  "Denver, CO 80206",
  "Austin, TX 78704",
  "Houston, TX 77006",
  "Chicago, IL 60614",
  "Minneapolis, MN 55408",
  "Nashville, TN 37206",
  "Atlanta, GA 30307",
  "Miami, FL 33133",
  "Charlotte, NC 28203",
  "Washington, DC 20009",
  "Philadelphia, PA 19130",
  "Brooklyn, NY 11215",
  "New York, NY 10025",
  "Boston, MA 02116",
  "Providence, RI 02906",
  "Phoenix, AZ 85004",
  "Salt Lake City, UT 84105",
].map((line) => {
  const [, city = "", state = "", postalCode = ""] = /^(.+), (\w\w) (\d{5})$/.exec(line) ?? [];
  return { city, state, postalCode };
});

interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  address: PostalAddress;
}

function sampleEmail(random: Random, firstName: string, lastName: string): string {
  const first = firstName.toLowerCase();
  const last = lastName.toLowerCase().replace(/[^a-z]/g, "");
  const number = Math.floor(random() * 100);
  const local = weighted(random, [
    [`${first}.${last}`, 30],
    [`${first}${last}`, 20],
    [`${first[0]}${last}`, 15],
    [`${first}.${last}${number}`, 15],
    [`${first}_${last}`, 10],
    [`${last}.${first}${number}`, 10],
  ]);
  return `${local}@${pick(random, emailDomains)}`;
}

function sampleCustomer(random: Random): Customer {
  const firstName = pick(random, firstNames);
  const lastName = pick(random, lastNames);
  const { city, state, postalCode } = pick(random, cities);
  return {
    firstName,
    lastName,
    email: sampleEmail(random, firstName, lastName),
    address: {
      line1: `${1 + Math.floor(random() * 9899)} ${pick(random, streetNames)}`,
      line2: random() < 0.15 ? `Apt ${1 + Math.floor(random() * 40)}` : null,
      city,
      state,
      postalCode,
      country: "US",
    },
  };
}

const purchaseItems: ReadonlyArray<readonly [ItemId, number]> = [
  ["premium", 24],
  ["luxe", 28],
  ["privateReserve", 16],
  ["tastingCollection", 10],
  ["holidayTastingCollection", 6],
  ["premium750", 2],
  ["luxe750", 2],
  ["privateReserve750", 2],
  ["everydayLuxury", 4],
  ["refinedPalate", 3],
  ["trueConnoisseur", 3],
];

/** WELCOME10 as an order records it. */
const welcomePromotion: OrderPromotion = {
  couponId: welcome10.couponId,
  codeName: welcome10.code,
  amountOffCents: null,
  percentOff: welcome10.percentOff,
};

/** One to four units, the same item twice making one line of quantity 2. */
function sampleCart(random: Random): CartLine[] {
  const units = weighted(random, [
    [1, 40],
    [2, 30],
    [3, 18],
    [4, 12],
  ]);
  const quantities = new Map<ItemId, number>();
  for (let unit = 0; unit < units; unit++) {
    const itemId = weighted(random, purchaseItems);
    quantities.set(itemId, (quantities.get(itemId) ?? 0) + 1);
  }
  return [...quantities].map(([itemId, quantity]) => ({ itemId, quantity }));
}

const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function sampleOrderNumber(random: Random): string {
  return Array.from({ length: 10 }, () => crockford.charAt(Math.floor(random() * 32))).join("");
}

const paid = (fulfilmentStatus: FulfilmentStatus): OrderStatuses => ({
  fulfilmentStatus,
  paymentStatus: "paid",
});
const refunded = (fulfilmentStatus: FulfilmentStatus): OrderStatuses => ({
  fulfilmentStatus,
  paymentStatus: "refunded",
});
const cancelled = refunded("cancelled");

/**
 * Where an order of this age usually is: unfulfilled today, on its way this week, delivered
 * since; a few cancelled, returned or refunded, in full or in part.
 */
function sampleStatuses(random: Random, ageDays: number, pickup: boolean): OrderStatuses {
  const sent = paid(pickup ? "ready_for_pickup" : "shipped");
  const arrived: FulfilmentStatus = pickup ? "picked_up" : "delivered";
  if (ageDays < 1) {
    return weighted(random, [
      [paid("unfulfilled"), 70],
      [paid("processing"), 28],
      [cancelled, 2],
    ]);
  }
  if (ageDays < 3) {
    return weighted(random, [
      [paid("unfulfilled"), 8],
      [paid("processing"), 37],
      [sent, 52],
      [cancelled, 3],
    ]);
  }
  if (ageDays < 8) {
    return weighted(random, [
      [paid("processing"), 4],
      [sent, 50],
      [paid(arrived), 43],
      [cancelled, 3],
    ]);
  }
  return weighted(random, [
    [paid(arrived), 89],
    [ageDays < 40 ? paid("return_requested") : refunded("returned"), 2],
    [refunded(arrived), 2.5],
    [{ fulfilmentStatus: arrived, paymentStatus: "partially_refunded" }, 2],
    [cancelled, 3.5],
    [ageDays < 40 ? paid("returned") : refunded("returned"), 1],
  ]);
}

/** Statuses of an order that has no shipment: not sent yet, or never. */
const withoutShipment: readonly FulfilmentStatus[] = ["unfulfilled", "processing", "cancelled"];

function sampleShipment(
  random: Random,
  statuses: OrderStatuses,
  pickup: boolean,
): { carrier: Carrier; trackingNumber: string; trackingUrl: string } | null {
  if (pickup || withoutShipment.includes(statuses.fulfilmentStatus)) return null;
  const digits = Array.from({ length: 18 }, () => Math.floor(random() * 10)).join("");
  return {
    carrier: "USPS",
    trackingNumber: `9400${digits}`,
    trackingUrl: `https://tools.usps.com/go/TrackConfirmAction?tLabels=9400${digits}`,
  };
}

/** What was given back: everything, or a quarter of the total for a refund in part. */
function sampleRefundedCents(statuses: OrderStatuses, totalCents: number): number {
  if (statuses.paymentStatus === "refunded") return totalCents;
  if (statuses.paymentStatus === "partially_refunded") return Math.ceil(totalCents / 4);
  return 0;
}

/** Statuses that say the customer has had the order. */
const receivedStatuses: readonly FulfilmentStatus[] = [
  "delivered",
  "picked_up",
  "return_requested",
  "returned",
];

const dayMs = 24 * 60 * 60 * 1000;
const spanDays = 730;

/** Orders grow over the two years: more recent days hold more orders than older ones. */
function sampleAgeDays(random: Random): number {
  return random() < 0.5 ? random() * spanDays : spanDays * (1 - Math.sqrt(random()));
}

function sampleLines(random: Random, renewal: boolean): CartLine[] {
  if (!renewal) return sampleCart(random);
  return [
    { itemId: pick(random, ["everydayLuxury", "refinedPalate", "trueConnoisseur"]), quantity: 1 },
  ];
}

function sampleOrder(
  random: Random,
  pickCustomer: (random: Random) => Customer,
  options: SampleOrdersOptions & { index: number },
): SampleOrder {
  const customer = pickCustomer(random);
  const renewal = random() < 0.08;
  const pickup = random() < 0.1;
  const lines = sampleLines(random, renewal);
  const restaurantMode = lines.some((line) => isRestaurantBottleId(line.itemId));
  const promotion = !renewal && !restaurantMode && random() < 0.12 ? welcome10 : null;
  const priced = priceCart(lines, {
    catalog: specCatalog,
    promotion,
    localPickup: pickup,
    restaurantMode,
    freeShippingMinCents: defaultFreeShippingMinCents,
    standardShippingCents: defaultStandardShippingCents,
  });
  const ageDays = sampleAgeDays(random);
  const statuses = sampleStatuses(random, ageDays, pickup);
  const reference = `sample_${options.seed}_${options.index}`;
  const createdAt = new Date(options.end.getTime() - ageDays * dayMs);
  const received = receivedStatuses.includes(statuses.fulfilmentStatus);
  const order: NewOrder = {
    id: sampleOrderNumber(random),
    kind: renewal ? "renewal" : "purchase",
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    hasLocalPickup: pickup,
    shipTo: pickup ? null : `${customer.firstName} ${customer.lastName}`,
    address: pickup ? null : customer.address,
    subtotalCents: priced.subtotalCents,
    shippingCents: priced.shippingCents,
    taxCents: 0,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
    promotion: promotion && priced.promotionApplies ? welcomePromotion : null,
    ...statuses,
    ...sampleShipment(random, statuses, pickup),
    refundedCents: sampleRefundedCents(statuses, priced.totalCents),
    deliveredAt: received ? new Date(createdAt.getTime() + 2 * dayMs) : null,
    checkoutSessionId: renewal ? `in_${reference}` : `cs_${reference}`,
    subscriptionId:
      renewal || lines.some((line) => isMembershipId(line.itemId)) ? `sub_${reference}` : null,
    createdAt,
  };
  const items = priced.lines.map((line) => ({
    itemId: line.itemId,
    itemName: orderItemName(specCatalog[line.itemId]),
    quantity: line.quantity,
    listPriceCents: line.listPriceCents,
    priceCents: line.priceCents,
    discountedTotalCents: line.discountedTotalCents,
  }));
  return { order: { ...order, updatedAt: order.createdAt }, items };
}

/**
 * The customers of a seed, each drawn from a generator of its own: the orders' draws stay the
 * same whatever the number of customers, so a larger count repeats a smaller one's orders first.
 */
function customerPool(seed: number, size: number): (random: Random) => Customer {
  const drawn = new Map<number, Customer>();
  return (random) => {
    const index = Math.floor(random() * size);
    const customer =
      drawn.get(index) ?? sampleCustomer(seededRandom(Math.imul(seed, 0x9e3779b1) ^ index));
    drawn.set(index, customer);
    return customer;
  };
}

/** The sample orders of `options`, in the order they are drawn. */
export function* sampleOrders(options: SampleOrdersOptions): Generator<SampleOrder> {
  const random = seededRandom(options.seed);
  const pickCustomer = customerPool(options.seed, Math.max(1, Math.ceil(options.count / 3)));
  for (let index = 0; index < options.count; index++) {
    yield sampleOrder(random, pickCustomer, { ...options, index });
  }
}

const batchSize = 1000;

/**
 * One multi-row insert of `rows` into `table`, each column sent as one array parameter and
 * spread by `unnest`: building a statement with a parameter per value costs more than running it.
 */
function insertByColumns(table: PgTable, rows: ReadonlyArray<Record<string, unknown>>): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((row) => row[key] !== undefined),
  );
  const names = columns.map(([, column]) => sql.identifier(column.name));
  const arrays = columns.map(([key, column]) => {
    const values = rows.map((row) => (row[key] == null ? null : column.mapToDriverValue(row[key])));
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}

async function insertBatch(db: Database, batch: SampleOrder[]): Promise<number> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.id,
          batch.map((sample) => sample.order.id),
        ),
      );
    const existingIds = new Set(existing.map((row) => row.id));
    const fresh = batch.filter((sample) => !existingIds.has(sample.order.id));
    if (fresh.length === 0) return 0;
    await tx.execute(
      insertByColumns(
        orders,
        fresh.map((sample) => sample.order),
      ),
    );
    const items = fresh.flatMap((sample) =>
      sample.items.map((item) => ({ ...item, orderId: sample.order.id })),
    );
    await tx.execute(insertByColumns(orderItems, items));
    return fresh.length;
  });
}

/**
 * Inserts the sample orders of `options` with their items, a thousand orders per statement.
 * Orders already there (the same seed run twice) are skipped; the number inserted is returned.
 */
export async function insertSampleOrders(
  db: Database,
  options: SampleOrdersOptions & { onProgress?: (done: number) => void },
): Promise<number> {
  let inserted = 0;
  let done = 0;
  let batch: SampleOrder[] = [];
  for (const sample of sampleOrders(options)) {
    batch.push(sample);
    if (batch.length < batchSize) continue;
    inserted += await insertBatch(db, batch);
    done += batch.length;
    options.onProgress?.(done);
    batch = [];
  }
  if (batch.length > 0) inserted += await insertBatch(db, batch);
  return inserted;
}
