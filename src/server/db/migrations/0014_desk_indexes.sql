-- The order desk's indexes: newest first with a cursor on (created_at, id) (it replaces the index on
-- created_at alone, which it covers), by status, by phone, and by part of a name or e-mail through
-- trigram indexes (pg_trgm: part of PostgreSQL's contrib, loaded into the embedded database by the client).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_contact_created_idx" ON "orders" USING btree ("contact_number","created_at");--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin ("guest_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("guest_email" gin_trgm_ops);
