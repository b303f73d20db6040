CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "order_created_at_idx" ON "order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "order_status_created_at_idx" ON "order" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "order_total_cents_idx" ON "order" USING btree ("total_cents","id");--> statement-breakpoint
CREATE INDEX "order_id_prefix_idx" ON "order" USING btree ("id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "order_email_trgm_idx" ON "order" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_full_name_trgm_idx" ON "order" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);