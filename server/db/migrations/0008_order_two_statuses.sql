ALTER TABLE "order" ADD COLUMN "payment_status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "fulfilment_status" text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
-- Payment: what was given back of the total. A status that named a refund counts where no
-- refunded amount was recorded.
UPDATE "order" SET "payment_status" = CASE
  WHEN "refunded_cents" > 0 AND "refunded_cents" >= "total_cents" THEN 'refunded'
  WHEN "refunded_cents" > 0 THEN 'partially_refunded'
  WHEN "status" IN ('refunded', 'partially_refunded') THEN "status"
  ELSE 'paid'
END;--> statement-breakpoint
-- Fulfilment: the old status when it named the goods. A status that named a refund hid where
-- the goods were: a received return, a return under way, the delivery, the shipment; an order
-- refunded in full before it left the shop was in effect cancelled; one refunded in part is
-- where the last step staff took left it.
UPDATE "order" SET "fulfilment_status" = CASE
  WHEN "status" = 'new' THEN 'unfulfilled'
  WHEN "status" NOT IN ('refunded', 'partially_refunded') THEN "status"
  WHEN EXISTS (
    SELECT 1 FROM "order_return"
    WHERE "order_return"."order_id" = "order"."id" AND "order_return"."status" = 'received'
  ) THEN 'returned'
  WHEN EXISTS (
    SELECT 1 FROM "order_return"
    WHERE "order_return"."order_id" = "order"."id"
      AND "order_return"."status" IN ('requested', 'approved')
  ) THEN 'return_requested'
  WHEN "delivered_at" IS NOT NULL AND "has_local_pickup" THEN 'picked_up'
  WHEN "delivered_at" IS NOT NULL THEN 'delivered'
  WHEN "carrier" IS NOT NULL OR "tracking_url" IS NOT NULL THEN 'shipped'
  WHEN "payment_status" = 'refunded' THEN 'cancelled'
  WHEN "has_local_pickup" AND EXISTS (
    SELECT 1 FROM "audit_log"
    WHERE "audit_log"."subject_type" = 'order' AND "audit_log"."subject_id" = "order"."id"
      AND "audit_log"."action" = 'order.readyForPickup'
  ) THEN 'ready_for_pickup'
  WHEN EXISTS (
    SELECT 1 FROM "audit_log"
    WHERE "audit_log"."subject_type" = 'order' AND "audit_log"."subject_id" = "order"."id"
      AND "audit_log"."action" = 'order.processing'
  ) THEN 'processing'
  ELSE 'unfulfilled'
END;--> statement-breakpoint
DROP INDEX "order_status_created_at_idx";--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "status";--> statement-breakpoint
CREATE INDEX "order_fulfilment_status_created_at_idx" ON "order" USING btree ("fulfilment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "order_payment_status_created_at_idx" ON "order" USING btree ("payment_status","created_at","id");
