CREATE TABLE "job_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_item_id" text NOT NULL,
	"revision" integer NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"actor" text NOT NULL,
	"request" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "paused_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "skipped_invoice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "pending_item_id" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "pending_unit_price_cents" integer;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "cancel_offer_made" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "hard_decline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "card_update_token" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "reminded_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "consent_terms_version" text;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "consent_email" text;--> statement-breakpoint
ALTER TABLE "saved_payment_method" ADD COLUMN "renewal_decline" text;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_event_revision_idx" ON "membership_event" USING btree ("subscription_item_id","revision");--> statement-breakpoint
CREATE INDEX "membership_due_idx" ON "membership" USING btree ("status","next_invoice_at");--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_card_update_token_unique" UNIQUE("card_update_token");