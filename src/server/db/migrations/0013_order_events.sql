CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	CONSTRAINT "order_events_actor_kind" CHECK ("order_events"."actor_kind" in ('shopper', 'guest', 'staff', 'operator', 'system')),
	CONSTRAINT "order_events_action" CHECK ("order_events"."action" in ('placed', 'status_changed', 'cancelled', 'cash_collected', 'note')),
	CONSTRAINT "order_events_note_length" CHECK (char_length("order_events"."note") <= 500),
	CONSTRAINT "order_events_label_length" CHECK (char_length("order_events"."actor_label") <= 200)
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
-- Orders placed before the timeline get theirs from the status history they have: a placement by
-- their shopper (or guest), then each later move; who made those moves was not recorded (system).
INSERT INTO "order_events" ("order_id", "at", "actor_kind", "actor_id", "action", "to_status")
  SELECT "id", "created_at", CASE WHEN "user_id" IS NULL THEN 'guest' ELSE 'shopper' END, "user_id"::text, 'placed', 'Pending' FROM "orders";
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "actor_kind", "action", "to_status")
  SELECT "order_id", "at", 'system', CASE WHEN "status" = 'Cancelled' THEN 'cancelled' ELSE 'status_changed' END, "status"
  FROM "order_status_events" WHERE "status" <> 'Pending';
