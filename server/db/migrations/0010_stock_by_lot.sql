CREATE TABLE "stock_hold" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"hold_key" text NOT NULL,
	"checkout_session_id" text,
	"bottle_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_item" (
	"bottle_id" text PRIMARY KEY NOT NULL,
	"low_stock_threshold" integer DEFAULT 24 NOT NULL,
	"low_stock_noticed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_lot" (
	"id" serial PRIMARY KEY NOT NULL,
	"bottle_id" text NOT NULL,
	"harvest_date" date NOT NULL,
	"pressing_date" date NOT NULL,
	"received_bottles" integer NOT NULL,
	"on_hand" integer NOT NULL,
	"receipt_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_lot_receipt_key_unique" UNIQUE("receipt_key"),
	CONSTRAINT "stock_lot_on_hand_not_negative" CHECK ("stock_lot"."on_hand" >= 0),
	CONSTRAINT "stock_lot_pressed_after_harvest" CHECK ("stock_lot"."pressing_date" >= "stock_lot"."harvest_date")
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_hold" ADD CONSTRAINT "stock_hold_bottle_id_stock_item_bottle_id_fk" FOREIGN KEY ("bottle_id") REFERENCES "public"."stock_item"("bottle_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lot" ADD CONSTRAINT "stock_lot_bottle_id_stock_item_bottle_id_fk" FOREIGN KEY ("bottle_id") REFERENCES "public"."stock_item"("bottle_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_lot_id_stock_lot_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lot"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_hold_bottle_idx" ON "stock_hold" USING btree ("bottle_id","expires_at");--> statement-breakpoint
CREATE INDEX "stock_hold_key_idx" ON "stock_hold" USING btree ("hold_key");--> statement-breakpoint
CREATE INDEX "stock_hold_session_idx" ON "stock_hold" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "stock_lot_bottle_idx" ON "stock_lot" USING btree ("bottle_id","harvest_date");--> statement-breakpoint
CREATE INDEX "stock_movement_lot_idx" ON "stock_movement" USING btree ("lot_id","created_at");