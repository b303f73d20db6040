CREATE TABLE "promotion_use" (
	"id" text PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"checkout_session_id" text,
	"email" text,
	"status" text DEFAULT 'reserved' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_use_checkout_session_id_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
ALTER TABLE "promotion" DROP CONSTRAINT "promotion_one_discount";--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "total_limit" integer;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "min_subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "eligible_item_ids" jsonb;--> statement-breakpoint
ALTER TABLE "promotion" ADD COLUMN "influencer_id" integer;--> statement-breakpoint
ALTER TABLE "promotion_use" ADD CONSTRAINT "promotion_use_promotion_id_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_use_promotion_idx" ON "promotion_use" USING btree ("promotion_id","status");--> statement-breakpoint
CREATE INDEX "promotion_use_email_idx" ON "promotion_use" USING btree ("promotion_id","email");--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_influencer_id_influencer_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_limits_positive" CHECK (("promotion"."total_limit" is null or "promotion"."total_limit" > 0) and ("promotion"."per_customer_limit" is null or "promotion"."per_customer_limit" > 0));--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_min_subtotal" CHECK ("promotion"."min_subtotal_cents" >= 0);--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_window" CHECK ("promotion"."starts_at" is null or "promotion"."ends_at" is null or "promotion"."starts_at" < "promotion"."ends_at");--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_one_discount" CHECK ("promotion"."percent_off" is null or "promotion"."amount_off_cents" is null);