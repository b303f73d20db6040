ALTER TABLE "influencer" ALTER COLUMN "image_file_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "influencer" ADD COLUMN "launched_at" timestamp with time zone;--> statement-breakpoint
UPDATE "influencer" SET "launched_at" = "created_at";
