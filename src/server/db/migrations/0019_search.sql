CREATE TABLE "search_misses" (
	"term" text PRIMARY KEY NOT NULL,
	"searches" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "synonyms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "synonyms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"words" text[] NOT NULL,
	"means" text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_brand" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_category" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_more" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_rule" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "synonyms" ADD CONSTRAINT "synonyms_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_misses_last_idx" ON "search_misses" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "search_misses_searches_idx" ON "search_misses" USING btree ("searches");--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" collate "C");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (("search_name" || "search_brand" || "search_category" || "search_more"));--> statement-breakpoint
-- The search dictionary is part of what the catalogue shows: a change to it is announced like one.
CREATE TRIGGER synonyms_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION kiryana_notify_catalogue();
