-- Every change to what the catalogue shows is announced by the database itself, whoever makes it
-- (an order, an import from another process, an operator in psql), so each store process can drop
-- what it holds in memory (src/server/catalog/cache.ts). Notifications are delivered on commit only.
--   kiryana_catalogue, payload '': categories, products (other than their stock) or reviews changed.
--   kiryana_stock, payload the product id, with a leading '!' when the product went in or out of stock.
CREATE OR REPLACE FUNCTION kiryana_notify_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kiryana_catalogue', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kiryana_notify_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kiryana_stock', CASE WHEN (OLD.stock > 0) <> (NEW.stock > 0) THEN '!' ELSE '' END || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION kiryana_notify_catalogue();
--> statement-breakpoint
CREATE TRIGGER reviews_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION kiryana_notify_catalogue();
--> statement-breakpoint
CREATE TRIGGER products_notify_rows AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION kiryana_notify_catalogue();
--> statement-breakpoint
-- An order changes only stock (and the row's updated_at): that is a stock change, not a catalogue one.
CREATE TRIGGER products_notify_fields AFTER UPDATE ON products FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at'))
  EXECUTE FUNCTION kiryana_notify_catalogue();
--> statement-breakpoint
CREATE TRIGGER products_notify_stock AFTER UPDATE OF stock ON products FOR EACH ROW
  WHEN (OLD.stock IS DISTINCT FROM NEW.stock)
  EXECUTE FUNCTION kiryana_notify_stock();
