ALTER TABLE "stock_item" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "stock_item" SET "held" = coalesce((SELECT sum("quantity") FROM "stock_hold" WHERE "stock_hold"."bottle_id" = "stock_item"."bottle_id"), 0);
