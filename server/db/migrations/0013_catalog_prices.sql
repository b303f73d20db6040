CREATE TABLE "product_price" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"price_cents" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "image" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "discount_eligible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "restaurant_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_price" ADD CONSTRAINT "product_price_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price" ADD CONSTRAINT "product_price_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_product_idx" ON "product_price" USING btree ("product_id","starts_at");--> statement-breakpoint
UPDATE "product" SET
  "discount_eligible" = "id" IN ('premium', 'luxe', 'privateReserve', 'tastingCollection'),
  "restaurant_only" = "id" IN ('premium750', 'luxe750', 'privateReserve750');--> statement-breakpoint
INSERT INTO "product_price" ("product_id", "price_cents", "starts_at", "decided_at")
SELECT "id", "price_cents", '2000-01-01T00:00:00Z', '2000-01-01T00:00:00Z' FROM "product";
