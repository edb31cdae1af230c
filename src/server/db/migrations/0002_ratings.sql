-- Ratings are stored per star (ratings_1 … ratings_5); rating and num_ratings are generated from them.
ALTER TABLE "products" ADD COLUMN "ratings_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ratings_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ratings_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ratings_4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ratings_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill from the old columns. The old num_reviews counted ratings and the old rating was their
-- average; written reviews are ratings too. Each product keeps every written review's stars, and
-- the other ratings (num_reviews less the written ones) go to the two whole stars around the
-- average they need so that, together with the written ones, the product keeps its old rating.
-- A product with no old rating (below 1) keeps only its written reviews' stars.
WITH written AS (
  SELECT "product_id",
    count(*) FILTER (WHERE "rating" = 1) AS w1,
    count(*) FILTER (WHERE "rating" = 2) AS w2,
    count(*) FILTER (WHERE "rating" = 3) AS w3,
    count(*) FILTER (WHERE "rating" = 4) AS w4,
    count(*) FILTER (WHERE "rating" = 5) AS w5,
    count(*) AS n, sum("rating") AS stars
  FROM "reviews" GROUP BY "product_id"
), legacy AS (
  SELECT p."id", coalesce(w.w1, 0) AS w1, coalesce(w.w2, 0) AS w2, coalesce(w.w3, 0) AS w3, coalesce(w.w4, 0) AS w4, coalesce(w.w5, 0) AS w5,
    CASE WHEN p."rating" >= 1 THEN greatest(p."num_reviews" - coalesce(w.n, 0), 0) ELSE 0 END AS rest,
    p."rating"::numeric * greatest(p."num_reviews", coalesce(w.n, 0)) - coalesce(w.stars, 0) AS rest_stars
  FROM "products" p LEFT JOIN written w ON w."product_id" = p."id"
), spread AS (
  SELECT *, CASE WHEN rest > 0 THEN least(5, greatest(1, rest_stars / rest)) ELSE 1 END AS mean FROM legacy
), s AS (
  SELECT *, floor(mean)::int AS low, round((mean - floor(mean)) * rest)::int AS high FROM spread
)
UPDATE "products" SET
  "ratings_1" = s.w1 + CASE WHEN s.low = 1 THEN s.rest - s.high ELSE 0 END + CASE WHEN s.low = 0 THEN s.high ELSE 0 END,
  "ratings_2" = s.w2 + CASE WHEN s.low = 2 THEN s.rest - s.high ELSE 0 END + CASE WHEN s.low = 1 THEN s.high ELSE 0 END,
  "ratings_3" = s.w3 + CASE WHEN s.low = 3 THEN s.rest - s.high ELSE 0 END + CASE WHEN s.low = 2 THEN s.high ELSE 0 END,
  "ratings_4" = s.w4 + CASE WHEN s.low = 4 THEN s.rest - s.high ELSE 0 END + CASE WHEN s.low = 3 THEN s.high ELSE 0 END,
  "ratings_5" = s.w5 + CASE WHEN s.low = 5 THEN s.rest - s.high ELSE 0 END + CASE WHEN s.low = 4 THEN s.high ELSE 0 END,
  "updated_at" = now()
FROM s WHERE s."id" = "products"."id";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "num_reviews";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating" double precision GENERATED ALWAYS AS (coalesce(round(("ratings_1" + 2 * "ratings_2" + 3 * "ratings_3" + 4 * "ratings_4" + 5 * "ratings_5")::numeric / nullif("ratings_1" + "ratings_2" + "ratings_3" + "ratings_4" + "ratings_5", 0), 1)::double precision, 0)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "num_ratings" integer GENERATED ALWAYS AS ("ratings_1" + "ratings_2" + "ratings_3" + "ratings_4" + "ratings_5") STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating","id" collate "C");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ratings_not_negative" CHECK (least("products"."ratings_1", "products"."ratings_2", "products"."ratings_3", "products"."ratings_4", "products"."ratings_5") >= 0);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_stars" CHECK ("reviews"."rating" between 1 and 5);