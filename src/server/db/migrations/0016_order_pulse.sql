-- The desk's pulse: every timeline row gets a number in the order rows are written (existing rows
-- numbered as they lie), and the largest is read off a unique index.
ALTER TABLE "order_events" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "order_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_seq_idx" ON "order_events" USING btree ("seq");