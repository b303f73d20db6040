ALTER TABLE "session" ADD COLUMN "two_factor_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "last_used_step" bigint;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "new_order_emails" boolean DEFAULT false NOT NULL;