-- Registration attempts replace the one code per account. Codes still pending (10 minutes at most)
-- end here: an unverified account asks for a new one by signing in with its password or registering again.
CREATE TABLE "registration_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"code_tries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP TABLE "verification_codes" CASCADE;--> statement-breakpoint
ALTER TABLE "registration_attempts" ADD CONSTRAINT "registration_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_attempts_user_idx" ON "registration_attempts" USING btree ("user_id","created_at");