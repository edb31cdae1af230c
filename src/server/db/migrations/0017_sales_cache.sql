-- The sales sums are no longer kept on every write: a report sums the closed Pakistan days it needs
-- from the raw rows once and keeps them (sales_days, sales_product_days); a change to an order of a
-- closed day marks that day stale. A placement writes an order of today: no trigger runs for it.
DROP TRIGGER "sales_orders_inserted" ON "orders";--> statement-breakpoint
DROP TRIGGER "sales_order_updated" ON "orders";--> statement-breakpoint
DROP TRIGGER "sales_order_deleted" ON "orders";--> statement-breakpoint
DROP TRIGGER "sales_orders_truncated" ON "orders";--> statement-breakpoint
DROP TRIGGER "sales_items_inserted" ON "order_items";--> statement-breakpoint
DROP TRIGGER "sales_items_deleted" ON "order_items";--> statement-breakpoint
DROP TRIGGER "sales_items_updated_out" ON "order_items";--> statement-breakpoint
DROP TRIGGER "sales_items_updated_in" ON "order_items";--> statement-breakpoint
DROP TRIGGER "sales_items_truncated" ON "order_items";--> statement-breakpoint
DROP FUNCTION "sales_truncated"();--> statement-breakpoint
DROP FUNCTION "sales_recount"();--> statement-breakpoint
DROP FUNCTION "sales_order_changed"();--> statement-breakpoint
DROP FUNCTION "sales_items_changed"();--> statement-breakpoint
DROP FUNCTION "sales_orders_inserted"();--> statement-breakpoint
DROP FUNCTION "sales_count_order"("orders", integer, boolean);--> statement-breakpoint
-- The running sums go; every day is summed again when a report first needs it.
DELETE FROM "sales_days";--> statement-breakpoint
DELETE FROM "sales_product_days";--> statement-breakpoint
ALTER TABLE "sales_days" DROP CONSTRAINT "sales_days_slot";--> statement-breakpoint
ALTER TABLE "sales_days" DROP CONSTRAINT "sales_days_day_slot_pk";--> statement-breakpoint
ALTER TABLE "sales_days" ADD PRIMARY KEY ("day");--> statement-breakpoint
ALTER TABLE "sales_days" ADD COLUMN "gen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_days" ADD COLUMN "filled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_days" DROP COLUMN "slot";--> statement-breakpoint
-- A day changed: one more change counted, its sums no longer held. Waits for a report storing the
-- day to commit (the row's lock), and that report's store waits for this change to commit.
CREATE FUNCTION "sales_day_changed"(d date) RETURNS void LANGUAGE sql AS $$
	INSERT INTO sales_days AS s (day, gen) VALUES (d, 1)
	ON CONFLICT (day) DO UPDATE SET gen = s.gen + 1, filled = false;
$$;--> statement-breakpoint
-- An order of a closed day added, changed or removed: its day (both days, when its time moved).
CREATE FUNCTION "sales_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM sales_day_changed((OLD.created_at AT TIME ZONE 'Asia/Karachi')::date);
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD.created_at <> NEW.created_at) THEN
		PERFORM sales_day_changed((NEW.created_at AT TIME ZONE 'Asia/Karachi')::date);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- A line changed or removed (a placement only adds lines): the day of its order, if the order is
-- still there and of a closed day (an order's removal marks its own day).
CREATE FUNCTION "sales_line_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM sales_day_changed((o.created_at AT TIME ZONE 'Asia/Karachi')::date)
	FROM orders o
	WHERE o.id = OLD.order_id AND o.created_at < date_trunc('day', now(), 'Asia/Karachi');
	IF TG_OP = 'UPDATE' AND NEW.order_id <> OLD.order_id THEN
		PERFORM sales_day_changed((o.created_at AT TIME ZONE 'Asia/Karachi')::date)
		FROM orders o
		WHERE o.id = NEW.order_id AND o.created_at < date_trunc('day', now(), 'Asia/Karachi');
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- Every day stale, after a TRUNCATE (rows stay: a row's count of changes is what a report checks).
CREATE FUNCTION "sales_all_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE sales_days SET gen = gen + 1, filled = false;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- The WHEN conditions are plain comparisons with the start of today in Pakistan (by the
-- transaction's clock): an order of today runs no function.
CREATE TRIGGER "sales_order_inserted" AFTER INSERT ON "orders" FOR EACH ROW
	WHEN (NEW.created_at < date_trunc('day', now(), 'Asia/Karachi'))
	EXECUTE FUNCTION "sales_order_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_order_updated" AFTER UPDATE ON "orders" FOR EACH ROW
	WHEN (((OLD.status = 'Cancelled') IS DISTINCT FROM (NEW.status = 'Cancelled') OR OLD.is_paid IS DISTINCT FROM NEW.is_paid
		OR OLD.total_amount IS DISTINCT FROM NEW.total_amount OR OLD.created_at IS DISTINCT FROM NEW.created_at)
		AND (OLD.created_at < date_trunc('day', now(), 'Asia/Karachi') OR NEW.created_at < date_trunc('day', now(), 'Asia/Karachi')))
	EXECUTE FUNCTION "sales_order_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_order_deleted" AFTER DELETE ON "orders" FOR EACH ROW
	WHEN (OLD.created_at < date_trunc('day', now(), 'Asia/Karachi'))
	EXECUTE FUNCTION "sales_order_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_line_updated" AFTER UPDATE ON "order_items" FOR EACH ROW
	WHEN (OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.name IS DISTINCT FROM NEW.name
		OR OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.line_total IS DISTINCT FROM NEW.line_total)
	EXECUTE FUNCTION "sales_line_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_line_deleted" AFTER DELETE ON "order_items" FOR EACH ROW EXECUTE FUNCTION "sales_line_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_truncated" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "sales_all_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_lines_truncated" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "sales_all_changed"();
