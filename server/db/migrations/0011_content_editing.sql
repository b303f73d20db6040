CREATE TABLE "content_image_variant" (
	"image_id" integer NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"etag" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "content_image_variant_image_id_format_width_pk" PRIMARY KEY("image_id","format","width")
);
--> statement-breakpoint
CREATE TABLE "content_image" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"alt" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original" "bytea" NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_image_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "recipe_former_slug" (
	"slug" text PRIMARY KEY NOT NULL,
	"recipe_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "influencer" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "influencer" ADD COLUMN "portrait_image_id" integer;--> statement-breakpoint
ALTER TABLE "recipe" ADD COLUMN "prep_minutes" integer;--> statement-breakpoint
ALTER TABLE "recipe" ADD COLUMN "cook_minutes" integer;--> statement-breakpoint
ALTER TABLE "recipe" ADD COLUMN "servings" integer;--> statement-breakpoint
ALTER TABLE "recipe" ADD COLUMN "image_id" integer;--> statement-breakpoint
ALTER TABLE "recipe" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipe" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "recipe" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recipe" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "content_image_variant" ADD CONSTRAINT "content_image_variant_image_id_content_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."content_image"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_former_slug" ADD CONSTRAINT "recipe_former_slug_recipe_id_recipe_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer" ADD CONSTRAINT "influencer_portrait_image_id_content_image_id_fk" FOREIGN KEY ("portrait_image_id") REFERENCES "public"."content_image"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe" ADD CONSTRAINT "recipe_image_id_content_image_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."content_image"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "recipe" SET "published_at" = "created_at" WHERE "status" = 'published';
