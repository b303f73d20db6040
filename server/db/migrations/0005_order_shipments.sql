ALTER TABLE "order" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tracking_number" text;