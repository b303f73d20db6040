// Migration 0008 splits the order's one status into its payment and fulfilment statuses: orders
// written by the schema before it come out with the statuses their facts tell.
import { rmSync } from "node:fs";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  migrationsBefore,
  type TestDatabase,
  testEngines,
} from "../../test/support/database";
import { orders } from "./schema.server";

interface OldOrder {
  id: string;
  status: string;
  totalCents?: number;
  refundedCents?: number;
  pickup?: boolean;
  carrier?: string;
  trackingUrl?: string;
  deliveredAt?: string;
  /** The order's returns by their status. */
  returns?: string[];
  /** The audit log's actions on the order. */
  actions?: string[];
}

// Each row as the shop wrote it before the split, and what it comes out as: [payment, fulfilment].
const cases: Array<[OldOrder, [string, string]]> = [
  [{ id: "NEW0000001", status: "new" }, ["paid", "unfulfilled"]],
  [{ id: "PROCESS001", status: "processing" }, ["paid", "processing"]],
  [{ id: "SHIPPED001", status: "shipped", carrier: "UPS" }, ["paid", "shipped"]],
  [
    { id: "DELIVERED1", status: "delivered", deliveredAt: "2026-11-01T10:00:00Z" },
    ["paid", "delivered"],
  ],
  [{ id: "READYPICK1", status: "ready_for_pickup", pickup: true }, ["paid", "ready_for_pickup"]],
  [{ id: "RETURNASK1", status: "return_requested" }, ["paid", "return_requested"]],
  [{ id: "RETURNED01", status: "returned" }, ["paid", "returned"]],
  [{ id: "CANCELLED1", status: "cancelled", refundedCents: 5000 }, ["refunded", "cancelled"]],
  // Refunded in part: the status hid where the goods were.
  [
    { id: "PARTSHIP01", status: "partially_refunded", refundedCents: 1000, carrier: "UPS" },
    ["partially_refunded", "shipped"],
  ],
  [
    {
      id: "PARTSHIP02",
      status: "partially_refunded",
      refundedCents: 1000,
      trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400",
    },
    ["partially_refunded", "shipped"],
  ],
  [
    {
      id: "PARTPICK01",
      status: "partially_refunded",
      refundedCents: 1000,
      pickup: true,
      deliveredAt: "2026-11-01T10:00:00Z",
    },
    ["partially_refunded", "picked_up"],
  ],
  [
    {
      id: "PARTRETN01",
      status: "partially_refunded",
      refundedCents: 1000,
      carrier: "UPS",
      deliveredAt: "2026-11-01T10:00:00Z",
      returns: ["declined", "approved"],
    },
    ["partially_refunded", "return_requested"],
  ],
  [
    {
      id: "PARTPROC01",
      status: "partially_refunded",
      refundedCents: 1000,
      actions: ["order.processing"],
    },
    ["partially_refunded", "processing"],
  ],
  [
    {
      id: "PARTREADY1",
      status: "partially_refunded",
      refundedCents: 1000,
      pickup: true,
      actions: ["order.processing", "order.readyForPickup"],
    },
    ["partially_refunded", "ready_for_pickup"],
  ],
  [
    { id: "PARTNEW001", status: "partially_refunded", refundedCents: 1000 },
    ["partially_refunded", "unfulfilled"],
  ],
  // Refunded in full.
  [
    {
      id: "REFUNDRET1",
      status: "refunded",
      refundedCents: 5000,
      carrier: "UPS",
      deliveredAt: "2026-11-01T10:00:00Z",
      returns: ["received"],
    },
    ["refunded", "returned"],
  ],
  [
    {
      id: "REFUNDDEL1",
      status: "refunded",
      refundedCents: 5000,
      carrier: "UPS",
      deliveredAt: "2026-11-01T10:00:00Z",
    },
    ["refunded", "delivered"],
  ],
  [
    { id: "REFUNDSHP1", status: "refunded", refundedCents: 5000, carrier: "FedEx" },
    ["refunded", "shipped"],
  ],
  [
    {
      id: "REFUNDNEW1",
      status: "refunded",
      refundedCents: 5000,
      actions: ["order.processing"],
    },
    ["refunded", "cancelled"],
  ],
  // A status that named a refund with no amount recorded keeps its word for the money.
  [{ id: "REFUNDOLD1", status: "refunded" }, ["refunded", "cancelled"]],
  // The amount speaks over the status: everything given back is refunded.
  [
    { id: "PARTALL001", status: "partially_refunded", refundedCents: 5000, carrier: "UPS" },
    ["refunded", "shipped"],
  ],
  [{ id: "FREEORDER1", status: "new", totalCents: 0 }, ["paid", "unfulfilled"]],
];

/** The rows of a query of the database's own catalog: both drivers answer with `{ rows }`. */
async function catalogRows<Row>(database: TestDatabase, query: SQL): Promise<Row[]> {
  const result = (await database.db.execute(query)) as { rows: Row[] };
  return result.rows;
}

async function insertOldOrder(database: TestDatabase, order: OldOrder): Promise<void> {
  const totalCents = order.totalCents ?? 5000;
  const deliveredAt = order.deliveredAt ? new Date(order.deliveredAt) : null;
  await database.db.execute(sql`
    insert into "order" (
      id, first_name, last_name, email, has_local_pickup, subtotal_cents, shipping_cents,
      tax_cents, discount_cents, total_cents, status, carrier, tracking_url, checkout_session_id,
      refunded_cents, delivered_at
    ) values (
      ${order.id}, 'Ada', 'Lovelace', 'ada@example.com', ${order.pickup ?? false}, ${totalCents},
      0, 0, 0, ${totalCents}, ${order.status}, ${order.carrier ?? null},
      ${order.trackingUrl ?? null}, ${`cs_${order.id}`}, ${order.refundedCents ?? 0},
      ${deliveredAt}
    )`);
  for (const status of order.returns ?? []) {
    await database.db.execute(
      sql`insert into order_return (order_id, status, reason) values (${order.id}, ${status}, 'Leaking cap')`,
    );
  }
  for (const action of order.actions ?? []) {
    await database.db.execute(sql`
      insert into audit_log (actor_id, actor_email, action, subject_type, subject_id)
      values ('staff-1', 'clerk@example.com', ${action}, 'order', ${order.id})`);
  }
}

describe.each(testEngines)("migration 0008, the order's two statuses, on %s", (engine) => {
  let database: TestDatabase;
  let olderMigrations: string;

  beforeAll(async () => {
    olderMigrations = migrationsBefore("0008_order_two_statuses");
    database = await createTestDatabase(engine, olderMigrations);
    for (const [order] of cases) await insertOldOrder(database, order);
    await database.migrate();
  });

  afterAll(async () => {
    await database?.dispose();
    rmSync(olderMigrations, { recursive: true, force: true });
  });

  it("gives each order written before it the payment and fulfilment statuses its facts tell", async () => {
    const rows = await database.db
      .select({
        id: orders.id,
        paymentStatus: orders.paymentStatus,
        fulfilmentStatus: orders.fulfilmentStatus,
      })
      .from(orders);
    const migrated = Object.fromEntries(
      rows.map((row) => [row.id, [row.paymentStatus, row.fulfilmentStatus]]),
    );
    expect(migrated).toEqual(Object.fromEntries(cases.map(([order, want]) => [order.id, want])));
  });

  it("drops the old status and its index, and indexes both statuses for the inbox", async () => {
    const columns = await catalogRows<{ column_name: string }>(
      database,
      sql`select column_name from information_schema.columns where table_name = 'order' and column_name like '%status'`,
    );
    expect(columns.map((row) => row.column_name).sort()).toEqual([
      "fulfilment_status",
      "payment_status",
    ]);
    const indexes = await catalogRows<{ indexname: string; indexdef: string }>(
      database,
      sql`select indexname, indexdef from pg_indexes where tablename = 'order' and indexname like '%status%' order by indexname`,
    );
    expect(indexes.map((row) => row.indexname)).toEqual([
      "order_fulfilment_status_created_at_idx",
      "order_payment_status_created_at_idx",
    ]);
    expect(indexes[0]?.indexdef).toContain("(fulfilment_status, created_at, id)");
  });

  it("gives a new order its defaults: paid, unfulfilled", async () => {
    await database.db.insert(orders).values({
      id: "FRESH00001",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      hasLocalPickup: false,
      subtotalCents: 100,
      shippingCents: 0,
      taxCents: 0,
      discountCents: 0,
      totalCents: 100,
      checkoutSessionId: "cs_fresh",
    });
    const [fresh] = await database.db
      .select({ paymentStatus: orders.paymentStatus, fulfilmentStatus: orders.fulfilmentStatus })
      .from(orders)
      .where(eq(orders.id, "FRESH00001"));
    expect(fresh).toEqual({ paymentStatus: "paid", fulfilmentStatus: "unfulfilled" });
  });
});
