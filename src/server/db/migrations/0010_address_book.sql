CREATE TABLE "user_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "user_addresses_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_addresses_user_idx" ON "user_addresses" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "user_addresses_one_default" ON "user_addresses" USING btree ("user_id") WHERE "user_addresses"."is_default";
--> statement-breakpoint
-- Orders placed before the address rule keep what they said; a province written by its name is
-- stored as its stable value from now on (the pages show the name again), anything else stays as
-- it was and is shown as it was written.
UPDATE "orders" SET "province" = CASE lower(trim("province"))
  WHEN 'punjab' THEN 'PB' WHEN 'sindh' THEN 'SD' WHEN 'khyber pakhtunkhwa' THEN 'KP' WHEN 'balochistan' THEN 'BA'
  WHEN 'islamabad capital territory' THEN 'ICT' WHEN 'gilgit-baltistan' THEN 'GB' WHEN 'azad jammu and kashmir' THEN 'AJK'
  ELSE "province" END;
