CREATE TABLE "order_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refund_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "order_refund_amount_positive" CHECK ("order_refund"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_return" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"message" text,
	"label_url" text,
	"label_pdf" "bytea",
	"label_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	CONSTRAINT "order_return_label_token_unique" UNIQUE("label_token")
);
--> statement-breakpoint
CREATE TABLE "staff_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refund" ADD CONSTRAINT "order_refund_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return" ADD CONSTRAINT "order_return_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitation" ADD CONSTRAINT "staff_invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_order_id_idx" ON "order_refund" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_return_open_idx" ON "order_return" USING btree ("order_id") WHERE "order_return"."status" in ('requested', 'approved', 'received');--> statement-breakpoint
CREATE INDEX "staff_invitation_email_idx" ON "staff_invitation" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_refund_within_total" CHECK ("order"."refunded_cents" >= 0 and "order"."refunded_cents" <= "order"."total_cents");--> statement-breakpoint
UPDATE "order" SET "delivered_at" = "updated_at" WHERE "status" in ('delivered', 'picked_up');
