/**
 * The owner's catalog work: an item's texts, switches and photo, and its prices now or from a
 * later day, each with its audit row. A plan's members are e-mailed a new price when it is set;
 * it reaches them 30 days later at the earliest.
 */
import { and, desc, eq, lte, ne, sql } from "drizzle-orm";
import { accountTabHref } from "~core/account-urls";
import type { ItemDetailsInput, PriceInput } from "~core/admin/catalog-form";
import { type CatalogItem, fullName, type ItemId, itemIds } from "~core/catalog";
import { membersFrom, needsMemberNotice, scheduledChanges } from "~core/catalog-prices";
import { formatDate } from "~core/dates";
import { type AuditActor, recordAudit } from "../audit/audit.server";
import type { Database } from "../db/client.server";
import { memberships, productPrices, products, users } from "../db/schema.server";
import { enqueueMail } from "../mail/outbox.server";
import { findSubscriptionPurchase } from "../orders/queries.server";
import { readCatalog, readCatalogAndPrices } from "./catalog.server";

/** One price of an item's history, as the item page lists it. */
export interface PriceHistoryEntry {
  id: number;
  priceCents: number;
  startsAt: Date;
  decidedAt: Date;
  /** Who set it; null for the price the shop opened with. */
  decidedBy: string | null;
  /** For plans: from when existing members pay it. */
  membersFrom: Date | null;
}

export interface CatalogItemPage {
  item: CatalogItem;
  /** When the item's row last changed: a form loaded before a later change is refused. */
  version: string;
  history: PriceHistoryEntry[];
  scheduled: PriceHistoryEntry[];
  /** The latest price set: a price form loaded before a later one is refused. */
  latestPriceId: number;
}

async function priceHistory(db: Database, itemId: ItemId): Promise<PriceHistoryEntry[]> {
  const rows = await db
    .select({
      id: productPrices.id,
      priceCents: productPrices.priceCents,
      startsAt: productPrices.startsAt,
      decidedAt: productPrices.decidedAt,
      decidedBy: users.email,
      kind: products.kind,
    })
    .from(productPrices)
    .innerJoin(products, eq(products.id, productPrices.productId))
    .leftJoin(users, eq(users.id, productPrices.decidedBy))
    .where(eq(productPrices.productId, itemId))
    .orderBy(desc(productPrices.startsAt), desc(productPrices.id));
  return rows.map(({ kind, ...row }) => ({
    ...row,
    membersFrom: needsMemberNotice(kind) ? membersFrom(row) : null,
  }));
}

export async function catalogItemPage(
  db: Database,
  itemId: ItemId,
  now: Date = new Date(),
): Promise<CatalogItemPage | null> {
  const [row] = await db
    .select({ updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.id, itemId));
  if (!row) return null;
  const [catalog, history] = await Promise.all([readCatalog(db, now), priceHistory(db, itemId)]);
  return {
    item: catalog[itemId],
    version: row.updatedAt.toISOString(),
    history: history.filter((entry) => entry.startsAt.getTime() <= now.getTime()),
    scheduled: scheduledChanges(history, now),
    latestPriceId: Math.max(0, ...history.map((entry) => entry.id)),
  };
}

/** One line of the catalog page: the item as shoppers see it, and its next scheduled price. */
export interface CatalogRow {
  item: CatalogItem;
  next: { priceCents: number; startsAt: Date } | null;
}

export async function catalogOverview(db: Database, now: Date = new Date()): Promise<CatalogRow[]> {
  const { catalog, changes } = await readCatalogAndPrices(db, now);
  return itemIds.map((id) => {
    const [next] = scheduledChanges(changes.get(id) ?? [], now);
    return {
      item: catalog[id],
      next: next ? { priceCents: next.priceCents, startsAt: next.startsAt } : null,
    };
  });
}

export type CatalogChange = { ok: true; item: CatalogItem } | { ok: false; stale: true };

/** Locks the item's row for the change; null when there is no such item. */
async function lockedProduct(tx: Database, itemId: ItemId) {
  const [row] = await tx.select().from(products).where(eq(products.id, itemId)).for("update");
  return row ?? null;
}

/** Saves the item form, unless the item changed since the form was loaded (`version`). */
export async function updateItemDetails(
  db: Database,
  actor: AuditActor,
  itemId: ItemId,
  { version, details }: { version: string; details: ItemDetailsInput },
): Promise<CatalogChange | null> {
  return await db.transaction(async (tx) => {
    const row = await lockedProduct(tx, itemId);
    if (!row) return null;
    if (row.updatedAt.toISOString() !== version) return { ok: false, stale: true } as const;
    const before: ItemDetailsInput = {
      name: row.name,
      description: row.description,
      active: row.active,
      discountEligible: row.discountEligible,
    };
    await tx
      .update(products)
      .set({ ...details, updatedAt: sql`now()` })
      .where(eq(products.id, itemId));
    await recordAudit(tx, actor, {
      action: "catalog.item_updated",
      subjectType: "product",
      subjectId: itemId,
      before: { ...before },
      after: { ...details },
    });
    return { ok: true, item: (await readCatalog(tx))[itemId] } as const;
  });
}

/**
 * Puts a picture of the image store on the item (`imageId`), or takes its photo off (null) so
 * that the shop shows its illustration again, unless the item changed since the form was loaded.
 */
export async function setItemPhoto(
  db: Database,
  actor: AuditActor,
  itemId: ItemId,
  { version, imageId }: { version: string; imageId: number | null },
): Promise<CatalogChange | null> {
  return await db.transaction(async (tx) => {
    const row = await lockedProduct(tx, itemId);
    if (!row) return null;
    if (row.updatedAt.toISOString() !== version) return { ok: false, stale: true } as const;
    if (row.photoImageId !== imageId) {
      await tx
        .update(products)
        .set({ photoImageId: imageId, updatedAt: sql`now()` })
        .where(eq(products.id, itemId));
      await recordAudit(tx, actor, {
        action: imageId === null ? "catalog.photo_removed" : "catalog.photo_set",
        subjectType: "product",
        subjectId: itemId,
        before: { imageId: row.photoImageId },
        after: { imageId },
      });
    }
    return { ok: true, item: (await readCatalog(tx))[itemId] } as const;
  });
}

/**
 * E-mails every member of the plan who joined by `decidedAt` the new price and its date, whoever
 * bills them: the sandbox charges it at the first renewal from that date, and the billing run
 * moves a Stripe subscription to it once that date has come.
 */
async function tellMembers(
  tx: Database,
  publicUrl: string,
  plan: CatalogItem,
  change: { priceCents: number; startsAt: Date; decidedAt: Date },
): Promise<number> {
  const subscriptions = await tx
    .selectDistinct({ subscriptionId: memberships.subscriptionId })
    .from(memberships)
    .where(
      and(
        eq(memberships.itemId, plan.id),
        ne(memberships.status, "canceled"),
        lte(memberships.createdAt, change.decidedAt),
      ),
    );
  let told = 0;
  for (const { subscriptionId } of subscriptions) {
    const purchase = await findSubscriptionPurchase(tx, subscriptionId);
    if (!purchase) continue;
    await enqueueMail(tx, {
      template: "plan-price-notice",
      to: purchase.email,
      payload: {
        customerFirstName: purchase.firstName,
        planName: plan.name,
        newPriceCents: change.priceCents,
        fromDate: formatDate(membersFrom(change)),
        accountUrl: `${publicUrl}${accountTabHref("memberships")}`,
      },
    });
    told += 1;
  }
  return told;
}

export type PriceSet =
  | { ok: true; item: CatalogItem; startsAt: Date; membersTold: number }
  | { ok: false; stale: true };

/**
 * Sets the item's price from now or from `input.startsAt`, unless another price was set since
 * the form was loaded (`latestPriceId`): a second press of the same form changes nothing.
 */
export async function setItemPrice(
  db: Database,
  actor: AuditActor,
  itemId: ItemId,
  {
    latestPriceId,
    input,
    publicUrl,
  }: { latestPriceId: number; input: PriceInput; publicUrl: string },
  now: Date = new Date(),
): Promise<PriceSet | null> {
  return await db.transaction(async (tx) => {
    if (!(await lockedProduct(tx, itemId))) return null;
    const [latest] = await tx
      .select({ id: productPrices.id })
      .from(productPrices)
      .where(eq(productPrices.productId, itemId))
      .orderBy(desc(productPrices.id))
      .limit(1);
    if ((latest?.id ?? 0) !== latestPriceId) return { ok: false, stale: true } as const;
    const before = (await readCatalog(tx, now))[itemId];
    const change = {
      priceCents: input.priceCents,
      startsAt: input.startsAt ?? now,
      decidedAt: now,
    };
    await tx.insert(productPrices).values({ productId: itemId, ...change, decidedBy: actor.id });
    await recordAudit(tx, actor, {
      action: "catalog.price_set",
      subjectType: "product",
      subjectId: itemId,
      before: { item: fullName(before), priceCents: before.priceCents },
      after: { priceCents: change.priceCents, startsAt: change.startsAt.toISOString() },
    });
    const membersTold = needsMemberNotice(before.kind)
      ? await tellMembers(tx, publicUrl, before, change)
      : 0;
    return {
      ok: true,
      item: (await readCatalog(tx, now))[itemId],
      startsAt: change.startsAt,
      membersTold,
    } as const;
  });
}
