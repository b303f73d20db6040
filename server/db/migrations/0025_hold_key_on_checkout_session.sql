-- A checkout's session record carries the key of the bottles it holds (docs/decisions/0097), so
-- opening a session no longer updates its holds afterwards. The open sessions' holds keep theirs.
ALTER TABLE "checkout_session" ADD COLUMN "hold_key" text;--> statement-breakpoint
UPDATE "checkout_session" SET "hold_key" = "held"."hold_key"
FROM (
  SELECT DISTINCT "hold_key", "checkout_session_id" FROM "stock_hold"
  WHERE "checkout_session_id" IS NOT NULL
) AS "held"
WHERE "held"."checkout_session_id" = "checkout_session"."id";--> statement-breakpoint
DROP INDEX "stock_hold_session_idx";--> statement-breakpoint
ALTER TABLE "stock_hold" DROP COLUMN "checkout_session_id";
