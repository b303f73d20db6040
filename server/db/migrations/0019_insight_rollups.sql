CREATE TABLE "insight_customer_hour" (
	"hour" timestamp with time zone NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "insight_customer_hour_hour_email_pk" PRIMARY KEY("hour","email")
);
--> statement-breakpoint
CREATE TABLE "insight_customer" (
	"email" text PRIMARY KEY NOT NULL,
	"first_hour" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_group_hour" (
	"hour" timestamp with time zone NOT NULL,
	"grouping" text NOT NULL,
	"key" text NOT NULL,
	"orders" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	"shipping_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	CONSTRAINT "insight_group_hour_hour_grouping_key_pk" PRIMARY KEY("hour","grouping","key")
);
--> statement-breakpoint
CREATE TABLE "insight_item_hour" (
	"hour" timestamp with time zone NOT NULL,
	"item_id" text NOT NULL,
	"item_name" text NOT NULL,
	"units" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	CONSTRAINT "insight_item_hour_hour_item_id_item_name_pk" PRIMARY KEY("hour","item_id","item_name")
);
--> statement-breakpoint
CREATE TABLE "insight_sales_hour" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL,
	"shipping_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_source_visit_hour" (
	"hour" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"key" text NOT NULL,
	"visitor_id" text NOT NULL,
	CONSTRAINT "insight_source_visit_hour_hour_source_key_visitor_id_pk" PRIMARY KEY("hour","source","key","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "insight_visit_hour" (
	"hour" timestamp with time zone NOT NULL,
	"visitor_id" text NOT NULL,
	"product_views" boolean NOT NULL,
	"added_to_cart" boolean NOT NULL,
	"checkout_started" boolean NOT NULL,
	"paid" boolean NOT NULL,
	CONSTRAINT "insight_visit_hour_hour_visitor_id_pk" PRIMARY KEY("hour","visitor_id")
);
--> statement-breakpoint
CREATE INDEX "insight_customer_hour_email_idx" ON "insight_customer_hour" USING btree ("email","hour");--> statement-breakpoint
CREATE INDEX "insight_customer_first_hour_idx" ON "insight_customer" USING btree ("first_hour");