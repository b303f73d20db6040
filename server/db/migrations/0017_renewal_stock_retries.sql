ALTER TABLE "membership" ADD COLUMN "stock_retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "stock_retry_at" timestamp with time zone;