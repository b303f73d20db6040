/**
 * The shop's whole data model, PostgreSQL dialect, for PGlite and PostgreSQL alike.
 * Money is always integer cents. Timestamps are stored with their time zone.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { membershipStatuses } from "../../core/admin/memberships";
import type { ItemId } from "../../core/catalog";
import { carriers } from "../../core/fulfilment";
import { rolledUpGroupings, visitSources } from "../../core/insight";
import { fulfilmentStatuses, paymentStatuses } from "../../core/order-status";
import { promotionUseStatuses } from "../../core/promotion-rules";
import { type RecipeContent, recipeStatuses } from "../../core/recipes";
import { userRoles } from "../../core/staff";
import { defaultLowStockThreshold, type StockedBottleId, stockReasons } from "../../core/stock";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Raw bytes (a PDF), as a Buffer for either driver. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => Buffer.from(value),
});

/** A US postal address, as the payment provider returns it. */
export interface PostalAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: "US";
}

/** One priced line of a checkout session, as the server computed it when the session opened. */
export interface CheckoutLine {
  itemId: string;
  name: string;
  quantity: number;
  listPriceCents: number;
  /** The unit price after a percent promotion. */
  priceCents: number;
}

/** The promotion an order was placed with. */
export interface OrderPromotion {
  couponId: string;
  codeName: string;
  amountOffCents: number | null;
  percentOff: number | null;
}

// ---------------------------------------------------------------------------
// Authentication (Better Auth's tables) and the customer's profile fields

export const users = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    guestId: text("guest_id"),
    paymentCustomerId: text("payment_customer_id"),
    role: text("role", { enum: userRoles }).notNull().default("customer"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** Staff only: whether each new paid order is e-mailed to them (the owner always is). */
    newOrderEmails: boolean("new_order_emails").notNull().default(false),
  },
  (t) => [uniqueIndex("user_email_unique").on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** When the back office last served this session: it ends after 12 idle hours there. */
    staffSeenAt: timestamp("staff_seen_at", { withTimezone: true }),
    /**
     * When this session gave a two-factor code (or a backup code) after its password: the back
     * office serves only sessions that did, whatever the account's enrolment.
     */
    twoFactorVerifiedAt: timestamp("two_factor_verified_at", { withTimezone: true }),
    /** Whether the request that created the account opened this session (its first welcome). */
    openedAtRegistration: boolean("opened_at_registration").notNull().default(false),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

/** Better Auth's two-factor plugin: one TOTP secret (encrypted) and backup codes per user. */
export const twoFactors = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code works once. */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
  },
  (t) => [
    index("two_factor_user_id_idx").on(t.userId),
    index("two_factor_secret_idx").on(t.secret),
  ],
);

export const accounts = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Fixed-window request counters shared by every server instance. */
export const rateLimits = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------
// Customers who bought without an account

export const guests = pgTable(
  "guest",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    address: jsonb("address").$type<PostalAddress>(),
    hasLocalPickup: boolean("has_local_pickup").notNull().default(false),
    paymentCustomerId: text("payment_customer_id"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("guest_email_unique").on(sql`lower(${t.email})`)],
);

// ---------------------------------------------------------------------------
// Catalog mirror, promotions and content

/** The catalog: the items of core/catalog.ts with what the owner edits of them. */
export const products = pgTable("product", {
  id: text("id").$type<ItemId>().primaryKey(),
  name: text("name").notNull(),
  kind: text("kind", { enum: ["bottle", "set", "membership"] }).notNull(),
  sizeMl: integer("size_ml").$type<375 | 750>().notNull(),
  description: text("description").notNull().default(""),
  image: text("image").notNull().default(""),
  /** The owner's photo of the item, from the image store; the illustration shows without one. */
  photoImageId: integer("photo_image_id").references(() => contentImages.id),
  active: boolean("active").notNull().default(true),
  discountEligible: boolean("discount_eligible").notNull().default(false),
  restaurantOnly: boolean("restaurant_only").notNull().default(false),
  /** The Stripe price id of this item, when Stripe is the provider. */
  stripePriceId: text("stripe_price_id"),
  updatedAt: updatedAt(),
});

/** Every price an item was given, now or for a later date: its price history. */
export const productPrices = pgTable(
  "product_price",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id")
      .$type<ItemId>()
      .notNull()
      .references(() => products.id),
    priceCents: integer("price_cents").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who set it; null for the price the shop opened with. */
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("product_price_product_idx").on(t.productId, t.startsAt)],
);

// ---------------------------------------------------------------------------
// Stock by harvest lot

/** One row per kind of bottle kept on the shelves: the row a checkout locks to hold bottles. */
export const stockItems = pgTable("stock_item", {
  bottleId: text("bottle_id").$type<StockedBottleId>().primaryKey(),
  /** The owner is e-mailed when sellable bottles fall to this many or fewer. */
  lowStockThreshold: integer("low_stock_threshold").notNull().default(defaultLowStockThreshold),
  /** When the owner was told of the latest fall; cleared once stock is above the threshold. */
  lowStockNoticedAt: timestamp("low_stock_noticed_at", { withTimezone: true }),
  /**
   * The bottles of this kind in `stock_hold`, expired or not: changed in the transaction that
   * inserts or deletes holds, with this row locked. Expired holds leave it when the next checkout
   * of the bottle deletes them.
   */
  held: integer("held").notNull().default(0),
});

/** Bottles of one kind from one harvest, as received; `onHand` is what is left of them. */
export const stockLots = pgTable(
  "stock_lot",
  {
    id: serial("id").primaryKey(),
    bottleId: text("bottle_id")
      .$type<StockedBottleId>()
      .notNull()
      .references(() => stockItems.bottleId),
    harvestDate: date("harvest_date", { mode: "string" }).notNull(),
    pressingDate: date("pressing_date", { mode: "string" }).notNull(),
    receivedBottles: integer("received_bottles").notNull(),
    onHand: integer("on_hand").notNull(),
    /** The receiving form's own key: the same form sent twice receives one lot. */
    receiptKey: text("receipt_key").notNull().unique(),
    receivedAt: createdAt(),
  },
  (t) => [
    index("stock_lot_bottle_idx").on(t.bottleId, t.harvestDate),
    check("stock_lot_on_hand_not_negative", sql`${t.onHand} >= 0`),
    check("stock_lot_pressed_after_harvest", sql`${t.pressingDate} >= ${t.harvestDate}`),
  ],
);

/** Every change of a lot's count: received, damaged, corrected by a count, or sold. */
export const stockMovements = pgTable(
  "stock_movement",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    lotId: integer("lot_id")
      .notNull()
      .references(() => stockLots.id),
    change: integer("change").notNull(),
    reason: text("reason", { enum: stockReasons }).notNull(),
    /** The order a sale shipped in. */
    orderId: text("order_id"),
    actorId: text("actor_id"),
    at: createdAt(),
  },
  (t) => [index("stock_movement_lot_idx").on(t.lotId, t.at)],
);

/**
 * Bottles a checkout keeps from other shoppers until it is paid (the sale then takes them from
 * the lots), cancelled or past `expiresAt`. The checkout's session record carries its `holdKey`.
 */
export const stockHolds = pgTable(
  "stock_hold",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Names the checkout before the provider has given its session an id. */
    holdKey: text("hold_key").notNull(),
    bottleId: text("bottle_id")
      .$type<StockedBottleId>()
      .notNull()
      .references(() => stockItems.bottleId),
    quantity: integer("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_hold_bottle_idx").on(t.bottleId, t.expiresAt),
    index("stock_hold_key_idx").on(t.holdKey),
  ],
);

export const influencers = pgTable("influencer", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  title: text("title").notNull(),
  /** The seed's illustration under /images/people; pages added later show their portrait. */
  imageFileName: text("image_file_name"),
  heroQuote: text("hero_quote").notNull(),
  storyQuote: text("story_quote").notNull(),
  couponCode: text("coupon_code").notNull(),
  /** A page taken down answers 410 Gone with a link to the shop. */
  active: boolean("active").notNull().default(true),
  /** When the page was first put up; until then it is a draft, unknown to visitors. */
  launchedAt: timestamp("launched_at", { withTimezone: true }),
  /** An uploaded portrait, shown in place of the illustration. */
  portraitImageId: integer("portrait_image_id").references(() => contentImages.id),
  createdAt: createdAt(),
});

export const promotions = pgTable(
  "promotion",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    /** Paused when false: the code then reads as expired. */
    active: boolean("active").notNull().default(true),
    /** Exactly one of percent off and amount off, or neither for free shipping. */
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    /** The payment provider's coupon id; the sandbox uses the code itself. */
    couponId: text("coupon_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Uses in all, paid or reserved by an open checkout; null for no limit. */
    totalLimit: integer("total_limit"),
    /** Uses per e-mail, guests included; null for no limit. */
    perCustomerLimit: integer("per_customer_limit"),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    /** Item ids; null for the catalog's discount-eligible items. */
    eligibleItemIds: jsonb("eligible_item_ids").$type<string[]>(),
    influencerId: integer("influencer_id").references(() => influencers.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("promotion_code_unique").on(sql`upper(${t.code})`),
    check("promotion_one_discount", sql`${t.percentOff} is null or ${t.amountOffCents} is null`),
    check(
      "promotion_percent_range",
      sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`,
    ),
    check("promotion_amount_positive", sql`${t.amountOffCents} is null or ${t.amountOffCents} > 0`),
    check(
      "promotion_limits_positive",
      sql`(${t.totalLimit} is null or ${t.totalLimit} > 0) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0)`,
    ),
    check("promotion_min_subtotal", sql`${t.minSubtotalCents} >= 0`),
    check(
      "promotion_window",
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);

/**
 * One use of a limited promotion: reserved when a checkout session opens, used when it is paid,
 * released when it is cancelled or taken over. A reservation past `expires_at` counts no more.
 */
export const promotionUses = pgTable(
  "promotion_use",
  {
    id: text("id").primaryKey(),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    /** The checkout session holding the use; null only while the session is being opened. */
    checkoutSessionId: text("checkout_session_id").unique(),
    /** The shopper's e-mail, lower-case, when known at checkout. */
    email: text("email"),
    status: text("status", { enum: promotionUseStatuses }).notNull().default("reserved"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("promotion_use_promotion_idx").on(t.promotionId, t.status),
    index("promotion_use_email_idx").on(t.promotionId, t.email),
  ],
);

/**
 * An uploaded picture, as `sharp` re-encoded it (metadata stripped), with what it shows in words.
 * Kept in the database so that every instance and every backup has it.
 */
export const contentImages = pgTable("content_image", {
  id: serial("id").primaryKey(),
  /** Random, never reused: the picture's addresses serve one content forever. */
  key: text("key").notNull().unique(),
  alt: text("alt").notNull(),
  format: text("format").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  original: bytea("original").notNull(),
  uploadedBy: text("uploaded_by").notNull(),
  createdAt: createdAt(),
});

/** A picture at one width in one format (AVIF, WebP), with its ETag. */
export const contentImageVariants = pgTable(
  "content_image_variant",
  {
    imageId: integer("image_id")
      .notNull()
      .references(() => contentImages.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    etag: text("etag").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.format, t.width] })],
);

export const recipes = pgTable(
  "recipe",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    introduction: text("introduction").notNull(),
    imageName: text("image_name").notNull(),
    ease: integer("ease").notNull(),
    goodFor: integer("good_for").notNull(),
    ingredients: jsonb("ingredients").$type<string[]>().notNull(),
    directions: jsonb("directions").$type<string[]>().notNull(),
    oliveOils: jsonb("olive_oils").$type<string[]>().notNull(),
    otherTags: jsonb("other_tags").$type<string[]>().notNull(),
    instagramLink: text("instagram_link"),
    prepMinutes: integer("prep_minutes"),
    cookMinutes: integer("cook_minutes"),
    servings: integer("servings"),
    imageId: integer("image_id").references(() => contentImages.id),
    /** Only published recipes are public; the seed's were published with the shop. */
    status: text("status", { enum: recipeStatuses }).notNull().default("published"),
    /** The editor's working copy, when it differs from what is published. */
    draft: jsonb("draft").$type<RecipeContent>(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("recipe_created_at_idx").on(t.createdAt),
    check("recipe_ease_range", sql`${t.ease} between 1 and 4`),
    check("recipe_good_for_range", sql`${t.goodFor} between 1 and 5`),
  ],
);

/** A card of an academy article, in its place on the page. */
export const academySections = pgTable(
  "academy_section",
  {
    id: serial("id").primaryKey(),
    article: text("article").notNull(),
    key: text("key").notNull(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    difference: text("difference"),
    studyCitation: text("study_citation"),
    studyUrl: text("study_url"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("academy_section_article_key_idx").on(t.article, t.key)],
);

/** A slug a published recipe had before: its old address answers 301 to the current one. */
export const recipeFormerSlugs = pgTable("recipe_former_slug", {
  slug: text("slug").primaryKey(),
  recipeId: integer("recipe_id")
    .notNull()
    .references(() => recipes.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// Checkout, payments and orders

/** Every checkout session the shop asked a provider to open, with what it was opened for. */
export const checkoutSessions = pgTable(
  "checkout_session",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    mode: text("mode", { enum: ["payment", "subscription"] }).notNull(),
    status: text("status", { enum: ["open", "complete", "expired"] })
      .notNull()
      .default("open"),
    items: jsonb("items").$type<CheckoutLine[]>().notNull(),
    hasLocalPickup: boolean("has_local_pickup").notNull(),
    promotionCode: text("promotion_code"),
    /** The promotion the session was priced with, kept even if the code is deactivated later. */
    promotion: jsonb("promotion").$type<OrderPromotion>(),
    affiliate: text("affiliate"),
    customerEmail: text("customer_email"),
    paymentCustomerId: text("payment_customer_id"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    /** The key of the bottles the checkout holds (`stock_hold.hold_key`). */
    holdKey: text("hold_key"),
    /** What the provider reported at completion: customer, shipping and totals. */
    completion: jsonb("completion").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("checkout_session_created_at_idx").on(t.createdAt)],
);

export const orders = pgTable(
  "order",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    guestId: text("guest_id").references(() => guests.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["purchase", "renewal"] })
      .notNull()
      .default("purchase"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    hasLocalPickup: boolean("has_local_pickup").notNull(),
    shipTo: text("ship_to"),
    address: jsonb("address").$type<PostalAddress>(),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    promotion: jsonb("promotion").$type<OrderPromotion>(),
    paymentStatus: text("payment_status", { enum: paymentStatuses }).notNull().default("paid"),
    fulfilmentStatus: text("fulfilment_status", { enum: fulfilmentStatuses })
      .notNull()
      .default("unfulfilled"),
    trackingUrl: text("tracking_url"),
    carrier: text("carrier", { enum: carriers }),
    trackingNumber: text("tracking_number"),
    affiliate: text("affiliate"),
    /** The provider's checkout session (purchases) or invoice (renewals); one order each. */
    checkoutSessionId: text("checkout_session_id").notNull().unique(),
    subscriptionId: text("subscription_id"),
    /** What has been given back to the customer so far, never more than the total. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** When the order was delivered or picked up: the return window starts there. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("order_user_id_idx").on(t.userId, t.createdAt),
    index("order_guest_id_idx").on(t.guestId, t.createdAt),
    // The back office's inbox: its pages by date, by fulfilment status (its tabs) or payment
    // status (its filter) then date, and by total.
    index("order_created_at_idx").on(t.createdAt, t.id),
    index("order_fulfilment_status_created_at_idx").on(t.fulfilmentStatus, t.createdAt, t.id),
    index("order_payment_status_created_at_idx").on(t.paymentStatus, t.createdAt, t.id),
    index("order_total_cents_idx").on(t.totalCents, t.id),
    // The figures' new and returning customers: whether an e-mail ordered before a day.
    index("order_email_lower_created_at_idx").on(sql`lower(${t.email})`, t.createdAt),
    // Its search: the start of the number (a LIKE prefix, whatever the database's collation),
    // and a part of the e-mail or of the full name, matched by trigrams (the pg_trgm extension,
    // created by the migration order_inbox_indexes).
    index("order_id_prefix_idx").on(t.id.op("text_pattern_ops")),
    index("order_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("order_full_name_trgm_idx").using(
      "gin",
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    check("order_money_not_negative", sql`${t.totalCents} >= 0 and ${t.discountCents} >= 0`),
    check(
      "order_refund_within_total",
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`,
    ),
  ],
);

/**
 * Money given back for an order. The id is the refund's idempotency key: the form that asks for
 * a refund carries it, so submitting it twice finds the same row and refunds once.
 */
export const orderRefunds = pgTable(
  "order_refund",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    /** Pending while the provider is asked; failed refunds count for nothing. */
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    providerRefundId: text("provider_refund_id").unique(),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_refund_order_id_idx").on(t.orderId),
    check("order_refund_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/** A customer's request to send an order back, and what the shop decided. */
export const orderReturns = pgTable(
  "order_return",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["requested", "approved", "declined", "received"] })
      .notNull()
      .default("requested"),
    reason: text("reason").notNull(),
    /** The decline's message to the customer. */
    message: text("message"),
    /** The prepaid label: a carrier's address, or a PDF kept here. */
    labelUrl: text("label_url"),
    labelPdf: bytea("label_pdf"),
    /** Names the label in the customer's link without revealing anything else. */
    labelToken: text("label_token").unique(),
    requestedAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
  },
  (t) => [
    // One open return per order; a declined one may be followed by another request.
    uniqueIndex("order_return_open_idx")
      .on(t.orderId)
      .where(sql`${t.status} in ('requested', 'approved', 'received')`),
  ],
);

export const orderItems = pgTable(
  "order_item",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    itemName: text("item_name").notNull(),
    quantity: integer("quantity").notNull(),
    listPriceCents: integer("list_price_cents").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** Unit price after the percent promotion × quantity. */
    discountedTotalCents: integer("total_cents").notNull(),
  },
  (t) => [
    index("order_item_order_id_idx").on(t.orderId),
    check("order_item_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** Payment events already handled: a redelivery of one of these changes nothing. */
export const processedPaymentEvents = pgTable("processed_payment_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A customer at the payment provider (the sandbox keeps its own here). */
export const paymentCustomers = pgTable(
  "payment_customer",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payment_customer_email_idx").on(sql`lower(${t.email})`)],
);

export const shippingProfiles = pgTable("shipping_profile", {
  customerId: text("customer_id")
    .primaryKey()
    .references(() => paymentCustomers.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  phone: text("phone"),
  address: jsonb("address").$type<PostalAddress>().notNull(),
  updatedAt: updatedAt(),
});

export const savedPaymentMethods = pgTable(
  "saved_payment_method",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => paymentCustomers.id, { onDelete: "cascade" }),
    brand: text("brand", { enum: ["amex", "discover", "mastercard", "visa", "unknown"] }).notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** Sandbox test cards that pay once and are declined afterwards: how their renewals fail. */
    renewalDecline: text("renewal_decline", { enum: ["card_declined", "lost_card"] }),
    createdAt: createdAt(),
  },
  (t) => [index("saved_payment_method_customer_idx").on(t.customerId)],
);

/** One row per subscription item: a membership a customer pays for monthly. */
export const memberships = pgTable(
  "membership",
  {
    subscriptionItemId: text("subscription_item_id").primaryKey(),
    subscriptionId: text("subscription_id").notNull(),
    customerId: text("customer_id").notNull(),
    itemId: text("item_id").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    status: text("status", { enum: membershipStatuses }).notNull().default("active"),
    nextInvoiceAt: timestamp("next_invoice_at", { withTimezone: true }).notNull(),
    checkoutSessionId: text("checkout_session_id").notNull(),
    createdAt: createdAt(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** Raised by every change; a form names the revision it showed (stale forms, double presses). */
    revision: integer("revision").notNull().default(0),
    pausedFrom: timestamp("paused_from", { withTimezone: true }),
    skippedInvoiceAt: timestamp("skipped_invoice_at", { withTimezone: true }),
    pendingItemId: text("pending_item_id"),
    pendingUnitPriceCents: integer("pending_unit_price_cents"),
    /** The end of the paid period after which a cancellation takes effect. */
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    cancelOfferMade: boolean("cancel_offer_made").notNull().default(false),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    hardDecline: boolean("hard_decline").notNull().default(false),
    /** How many times the renewal now due found its bottles missing, and when it is tried again. */
    stockRetries: integer("stock_retries").notNull().default(0),
    stockRetryAt: timestamp("stock_retry_at", { withTimezone: true }),
    /** The secret of the hosted card-update page the payment-failed e-mail links to. */
    cardUpdateToken: text("card_update_token").unique(),
    /** The charge date whose reminder was sent. */
    remindedFor: timestamp("reminded_for", { withTimezone: true }),
    /** The terms the member agreed to at sign-up, when, and from which address. */
    consentTermsVersion: text("consent_terms_version"),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    consentEmail: text("consent_email"),
  },
  (t) => [
    index("membership_customer_idx").on(t.customerId),
    index("membership_subscription_idx").on(t.subscriptionId),
    index("membership_due_idx").on(t.status, t.nextInvoiceAt),
  ],
);

/** A membership's timeline: every change, by the member, the staff or the billing run. */
export const membershipEvents = pgTable(
  "membership_event",
  {
    id: serial("id").primaryKey(),
    subscriptionItemId: text("subscription_item_id").notNull(),
    /** The membership's revision this change produced. */
    revision: integer("revision").notNull(),
    kind: text("kind").notNull(),
    summary: text("summary").notNull(),
    /** Who: 'member', 'billing', or the staff member's e-mail. */
    actor: text("actor").notNull(),
    /** The request that made it, to answer a repeated one as done. */
    request: jsonb("request").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("membership_event_revision_idx").on(t.subscriptionItemId, t.revision)],
);

/** The sandbox's clock: how far the owner moved the shop's billing time ahead (one row). */
export const sandboxClock = pgTable("sandbox_clock", {
  id: integer("id").primaryKey().default(1),
  offsetDays: integer("offset_days").notNull().default(0),
  updatedAt: updatedAt(),
});

/** Leases that let one instance at a time run a background job. */
export const jobLeases = pgTable("job_lease", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------
// Mail, analytics and settings

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    template: text("template", {
      enum: [
        "order-confirmation",
        "new-account",
        "membership-cancelled",
        "password-reset",
        "email-verification",
        "order-shipped",
        "order-ready-for-pickup",
        "order-refunded",
        "return-approved",
        "return-declined",
        "staff-invitation",
        "new-order",
        "low-stock",
        "plan-price-notice",
        "renewal-waiting-for-stock",
        "membership-updated",
        "membership-payment-failed",
        "membership-renewal-reminder",
        "membership-terms-reminder",
      ],
    }).notNull(),
    to: text("to").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "sent", "logged", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

export const analyticsEvents = pgTable(
  "analytics_event",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    category: text("category", {
      enum: ["engagement", "authentication", "intent", "revenue", "account", "virality"],
    }).notNull(),
    name: text("name").notNull(),
    label: text("label"),
    value: integer("value"),
    path: text("path"),
    visitorId: text("visitor_id"),
    userId: text("user_id"),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_event_created_idx").on(t.createdAt, t.category)],
);

// The figures' rollups (docs/decisions/0083): sums of the orders and of the events by hour of
// UTC, kept by the database's own triggers (migration insight_rollup_triggers) in the
// transaction of every write to `order`, `order_item` and `analytics_event`. Whole hours add up
// to the days of any time zone whose midnights fall on the hour.
const rollupHour = () => timestamp("hour", { withTimezone: true }).notNull();
const rollupSums = () => ({
  orders: integer("orders").notNull(),
  grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
  discountCents: bigint("discount_cents", { mode: "number" }).notNull(),
  refundedCents: bigint("refunded_cents", { mode: "number" }).notNull(),
  shippingCents: bigint("shipping_cents", { mode: "number" }).notNull(),
  taxCents: bigint("tax_cents", { mode: "number" }).notNull(),
});

/** The counted orders placed in each hour, summed. */
export const insightSalesHours = pgTable("insight_sales_hour", {
  hour: rollupHour().primaryKey(),
  ...rollupSums(),
});

/** The counted orders of each hour by promotion code and by referral id. */
export const insightGroupHours = pgTable(
  "insight_group_hour",
  {
    hour: rollupHour(),
    grouping: text("grouping", { enum: rolledUpGroupings }).notNull(),
    key: text("key").notNull(),
    ...rollupSums(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.grouping, t.key] })],
);

/** The lines of each hour's counted orders by item. */
export const insightItemHours = pgTable(
  "insight_item_hour",
  {
    hour: rollupHour(),
    itemId: text("item_id").notNull(),
    itemName: text("item_name").notNull(),
    units: bigint("units", { mode: "number" }).notNull(),
    grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.itemId, t.itemName] })],
);

/** The e-mails (lower case) with a counted order in each hour. */
export const insightCustomerHours = pgTable(
  "insight_customer_hour",
  {
    hour: rollupHour(),
    email: text("email").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.email] }),
    index("insight_customer_hour_email_idx").on(t.email, t.hour),
  ],
);

/** Each e-mail's first hour with a counted order. */
export const insightCustomers = pgTable(
  "insight_customer",
  {
    email: text("email").primaryKey(),
    firstHour: timestamp("first_hour", { withTimezone: true }).notNull(),
  },
  (t) => [index("insight_customer_first_hour_idx").on(t.firstHour)],
);

/** Each visitor's events of an hour: the steps of the funnel they reached. */
export const insightVisitHours = pgTable(
  "insight_visit_hour",
  {
    hour: rollupHour(),
    visitorId: text("visitor_id").notNull(),
    productViews: boolean("product_views").notNull(),
    addedToCart: boolean("added_to_cart").notNull(),
    checkoutStarted: boolean("checkout_started").notNull(),
    paid: boolean("paid").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.visitorId] })],
);

/** The visitors of each hour who came through a referral id or saw an influencer's page. */
export const insightSourceVisitHours = pgTable(
  "insight_source_visit_hour",
  {
    hour: rollupHour(),
    source: text("source", { enum: visitSources }).notNull(),
    key: text("key").notNull(),
    visitorId: text("visitor_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.source, t.key, t.visitorId] })],
);

/**
 * Shop settings the owner may change at run time; the environment gives their defaults. The
 * access codes' rows hold a hash of the code, never the code.
 */
export const settings = pgTable("setting", {
  key: text("key", {
    enum: [
      "privateBeta",
      "softLaunchCode",
      "freeShippingMinCents",
      "standardShippingCents",
      "shopTimeZone",
      "dunningRetryDays",
      "dunningFinally",
      "betaAccessCode",
      "restaurantAccessCode",
    ],
  }).primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/** Counters behind the shop's own rate limits (access codes, checkout, events). */
export const requestCounters = pgTable(
  "request_counter",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// ---------------------------------------------------------------------------
// Back office

/**
 * Every staff action, who took it and what it changed. Append-only: the database refuses
 * to update or delete a row (migration 0003).
 */
/** An owner's invitation to join the staff, accepted once through the e-mailed link. */
export const staffInvitations = pgTable(
  "staff_invitation",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** SHA-256 of the link's token: the database never holds a usable link. */
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("staff_invitation_email_idx").on(sql`lower(${t.email})`)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId),
  ],
);
