CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"cash_collected" bigint DEFAULT 0 NOT NULL,
	"cash_outstanding" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_days_day_slot_pk" PRIMARY KEY("day","slot"),
	CONSTRAINT "sales_days_slot" CHECK ("sales_days"."slot" between 0 and 7)
);
--> statement-breakpoint
CREATE TABLE "sales_product_days" (
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_product_days_day_product_id_name_pk" PRIMARY KEY("day","product_id","name")
);
--> statement-breakpoint
-- The sums are kept by the database in the statement that changes the rows they sum, whoever writes.
-- A day is a Pakistan day; an order's slot of its day is a hash of its id (8 rows a day, so the day's
-- placements do not all queue on one row); a cancelled order counts in "cancelled" only.
--
-- sales_count_order: adds (sign 1) or takes away (sign -1) one order as its row says, its lines too
-- when `lines` (a change that leaves the order live or cancelled on the same day leaves its lines' sums as they are).
CREATE FUNCTION "sales_count_order"(o "orders", sign integer, lines boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	d date := (o.created_at AT TIME ZONE 'Asia/Karachi')::date;
	live boolean := o.status <> 'Cancelled';
BEGIN
	IF live AND lines THEN
		INSERT INTO sales_product_days AS s (day, product_id, name, units, revenue, orders)
		SELECT d, i.product_id, i.name, sign * sum(i.quantity), sign * sum(i.line_total), sign * count(*)
		FROM order_items i WHERE i.order_id = o.id
		GROUP BY i.product_id, i.name ORDER BY i.product_id, i.name
		ON CONFLICT (day, product_id, name) DO UPDATE
		SET units = s.units + excluded.units, revenue = s.revenue + excluded.revenue, orders = s.orders + excluded.orders;
	END IF;
	INSERT INTO sales_days AS s (day, slot, orders, cancelled, units, revenue, cash_collected, cash_outstanding)
	VALUES (d, hashtext(o.id) & 7,
		CASE WHEN live THEN sign ELSE 0 END,
		CASE WHEN live THEN 0 ELSE sign END,
		CASE WHEN live AND lines THEN sign * coalesce((SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id), 0) ELSE 0 END,
		CASE WHEN live THEN sign * o.total_amount ELSE 0 END,
		CASE WHEN live AND o.is_paid THEN sign * o.total_amount ELSE 0 END,
		CASE WHEN live AND NOT o.is_paid THEN sign * o.total_amount ELSE 0 END)
	ON CONFLICT (day, slot) DO UPDATE
	SET orders = s.orders + excluded.orders, cancelled = s.cancelled + excluded.cancelled, units = s.units + excluded.units,
		revenue = s.revenue + excluded.revenue, cash_collected = s.cash_collected + excluded.cash_collected,
		cash_outstanding = s.cash_outstanding + excluded.cash_outstanding;
END;
$$;--> statement-breakpoint
-- New orders, as many as a statement writes (placement's one, a bulk load): the orders themselves;
-- their lines are counted by the lines' own trigger, which runs for lines written in the same statement.
CREATE FUNCTION "sales_orders_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO sales_days AS s (day, slot, orders, cancelled, units, revenue, cash_collected, cash_outstanding)
	SELECT (o.created_at AT TIME ZONE 'Asia/Karachi')::date, hashtext(o.id) & 7,
		count(*) FILTER (WHERE o.status <> 'Cancelled'),
		count(*) FILTER (WHERE o.status = 'Cancelled'),
		0,
		coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'Cancelled'), 0),
		coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'Cancelled' AND o.is_paid), 0),
		coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'Cancelled' AND NOT o.is_paid), 0)
	FROM new_orders o
	GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (day, slot) DO UPDATE
	SET orders = s.orders + excluded.orders, cancelled = s.cancelled + excluded.cancelled,
		revenue = s.revenue + excluded.revenue, cash_collected = s.cash_collected + excluded.cash_collected,
		cash_outstanding = s.cash_outstanding + excluded.cash_outstanding;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- Lines written (sign 1) or removed (sign -1, TG_ARGV[0]), of orders that exist and are not cancelled.
CREATE FUNCTION "sales_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	sign integer := TG_ARGV[0]::integer;
BEGIN
	WITH live AS (
		SELECT (o.created_at AT TIME ZONE 'Asia/Karachi')::date AS day, hashtext(o.id) & 7 AS slot,
			i.product_id, i.name, i.quantity, i.line_total
		FROM changed_items i JOIN orders o ON o.id = i.order_id
		WHERE o.status <> 'Cancelled'
	), products AS (
		INSERT INTO sales_product_days AS s (day, product_id, name, units, revenue, orders)
		SELECT day, product_id, name, sign * sum(quantity), sign * sum(line_total), sign * count(*)
		FROM live GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (day, product_id, name) DO UPDATE
		SET units = s.units + excluded.units, revenue = s.revenue + excluded.revenue, orders = s.orders + excluded.orders
	)
	INSERT INTO sales_days AS s (day, slot, units)
	SELECT day, slot, sign * sum(quantity) FROM live GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT (day, slot) DO UPDATE SET units = s.units + excluded.units;
	RETURN NULL;
END;
$$;--> statement-breakpoint
-- An order changed (cancelled or back, paid or not, its total or time) or removed: out as it was, in as it is.
-- Removal runs before the row goes, while its lines are still there to count.
CREATE FUNCTION "sales_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	lines boolean := CASE WHEN TG_OP = 'DELETE' THEN true
		ELSE (OLD.status = 'Cancelled') <> (NEW.status = 'Cancelled')
			OR (OLD.created_at AT TIME ZONE 'Asia/Karachi')::date <> (NEW.created_at AT TIME ZONE 'Asia/Karachi')::date END;
BEGIN
	PERFORM sales_count_order(OLD, -1, lines);
	IF TG_OP = 'UPDATE' THEN
		PERFORM sales_count_order(NEW, 1, lines);
		RETURN NULL;
	END IF;
	RETURN OLD;
END;
$$;--> statement-breakpoint
-- Every sum counted again from the rows (the backfill, and after a TRUNCATE).
CREATE FUNCTION "sales_recount"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM sales_days;
	DELETE FROM sales_product_days;
	INSERT INTO sales_days (day, slot, orders, cancelled, units, revenue, cash_collected, cash_outstanding)
	SELECT (o.created_at AT TIME ZONE 'Asia/Karachi')::date, hashtext(o.id) & 7,
		count(*) FILTER (WHERE o.status <> 'Cancelled'),
		count(*) FILTER (WHERE o.status = 'Cancelled'),
		coalesce(sum(u.units) FILTER (WHERE o.status <> 'Cancelled'), 0),
		coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'Cancelled'), 0),
		coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'Cancelled' AND o.is_paid), 0),
		coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'Cancelled' AND NOT o.is_paid), 0)
	FROM orders o LEFT JOIN (SELECT order_id, sum(quantity) AS units FROM order_items GROUP BY order_id) u ON u.order_id = o.id
	GROUP BY 1, 2;
	INSERT INTO sales_product_days (day, product_id, name, units, revenue, orders)
	SELECT (o.created_at AT TIME ZONE 'Asia/Karachi')::date, i.product_id, i.name, sum(i.quantity), sum(i.line_total), count(*)
	FROM order_items i JOIN orders o ON o.id = i.order_id
	WHERE o.status <> 'Cancelled'
	GROUP BY 1, 2, 3;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "sales_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM sales_recount();
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_orders_inserted" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION "sales_orders_inserted"();--> statement-breakpoint
CREATE TRIGGER "sales_order_updated" AFTER UPDATE ON "orders" FOR EACH ROW
	WHEN ((OLD.status = 'Cancelled') IS DISTINCT FROM (NEW.status = 'Cancelled') OR OLD.is_paid IS DISTINCT FROM NEW.is_paid
		OR OLD.total_amount IS DISTINCT FROM NEW.total_amount OR OLD.created_at IS DISTINCT FROM NEW.created_at)
	EXECUTE FUNCTION "sales_order_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_order_deleted" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "sales_order_changed"();--> statement-breakpoint
CREATE TRIGGER "sales_items_inserted" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION "sales_items_changed"('1');--> statement-breakpoint
CREATE TRIGGER "sales_items_deleted" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION "sales_items_changed"('-1');--> statement-breakpoint
CREATE TRIGGER "sales_items_updated_out" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION "sales_items_changed"('-1');--> statement-breakpoint
CREATE TRIGGER "sales_items_updated_in" AFTER UPDATE ON "order_items" REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION "sales_items_changed"('1');--> statement-breakpoint
CREATE TRIGGER "sales_orders_truncated" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "sales_truncated"();--> statement-breakpoint
CREATE TRIGGER "sales_items_truncated" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "sales_truncated"();--> statement-breakpoint
-- The orders already placed.
SELECT "sales_recount"();
