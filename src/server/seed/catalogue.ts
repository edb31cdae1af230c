/**
 * The seeded catalogue: 13 categories (the order and spelling of FALLBACK_CATEGORY_NAMES),
 * about 300 products stocked as a Pakistani store would, their star ratings, and written
 * reviews on most of the rated ones. Data lives in ./catalogue/{category}.ts and what shoppers
 * write in ./catalogue/sayings.ts; everything derived is deterministic (see define.ts).
 */
import { addRatings, countStars, starFields, type RatingsByStar } from '#lib/ratings.ts';
import type { CategoryInput, ProductInput, ReviewInput } from '#lib/schemas/catalog.ts';
import { SEED_NOW, unit, type DefinedCategory } from '#server/seed/catalogue/define.ts';
import { GENERAL, KINDS, REVIEWERS, type Kind, type Said } from '#server/seed/catalogue/sayings.ts';
import { spreadRatings, starAt } from '#server/seed/ratings.ts';
import freshChilled from '#server/seed/catalogue/fresh-chilled-food.ts';
import foodCupboard from '#server/seed/catalogue/food-cupboard.ts';
import bakery from '#server/seed/catalogue/bakery.ts';
import frozen from '#server/seed/catalogue/frozen-food.ts';
import dietary from '#server/seed/catalogue/dietary-lifestyle-world-foods.ts';
import drinks from '#server/seed/catalogue/soft-drinks-tea-coffee.ts';
import nonAlcoholic from '#server/seed/catalogue/beer-wine-spirits.ts';
import health from '#server/seed/catalogue/health-beauty-personal-care.ts';
import baby from '#server/seed/catalogue/baby-parent-kids.ts';
import homeCare from '#server/seed/catalogue/home-care-cleaning.ts';
import petsHome from '#server/seed/catalogue/pets-home-garden.ts';
import occasions from '#server/seed/catalogue/occasions-entertaining.ts';
import clothing from '#server/seed/catalogue/clothing-accessories.ts';

const defined: DefinedCategory[] = [
  freshChilled,
  foodCupboard,
  bakery,
  frozen,
  dietary,
  drinks,
  nonAlcoholic,
  health,
  baby,
  homeCare,
  petsHome,
  occasions,
  clothing,
];

export const categories: CategoryInput[] = defined.map((d) => d.category);

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The kind of every seed product, by id (each product is in exactly one kind). */
export const kindOf: ReadonlyMap<string, Kind> = new Map(Object.values(KINDS).flatMap((k) => k.products.map((id) => [id, k] as const)));

/**
 * How many written reviews a product gets: more for the much-rated, none for a few of them,
 * and sometimes one for a product nobody has rated with stars alone.
 */
function writtenCount(id: string, starOnly: number): number {
  const u = unit(id, 'written');
  if (starOnly >= 150) return 1 + Math.floor(u * 5);
  if (starOnly >= 40) return Math.floor(u * 3);
  if (starOnly >= 8) return Math.floor(u * 2);
  return u < 0.2 ? 1 : 0;
}

/**
 * The sayings of a product's reviews: the i-th wants `stars[i]` stars, from the product's kind
 * more often than from the general remarks; never the same saying twice on one product. When
 * no saying with those stars is left, the nearest stars are used (the review's stars are the
 * saying's, so text and stars always agree).
 */
function pickSayings(id: string, kind: Kind, stars: number[]): Said[] {
  const used = new Set<Said>();
  return stars.map((want, i) => {
    const preferKind = unit(id, `from${i}`) < 0.8;
    for (const distance of [0, 1, 2, 3, 4]) {
      for (const star of [want - distance, want + distance]) {
        const own = kind.say.filter((s) => s[0] === star && !used.has(s));
        const general = GENERAL.filter((s) => s[0] === star && !used.has(s));
        const pool = preferKind && own.length ? own : general.length ? general : own;
        if (pool.length === 0) continue;
        const said = pool[Math.floor(unit(id, `say${i}`) * pool.length)];
        used.add(said);
        return said;
      }
    }
    throw new Error(`No saying left for ${id}`);
  });
}

/**
 * Ratings and written reviews for one product. Ratings given with stars alone grow with the
 * product's popularity and with how long it has been on sale; the written reviews' stars follow
 * the same spread, and are added to the counts: every written review is also a rating.
 */
function rate(p: ProductInput, index: number): { ratings: RatingsByStar; reviews: ReviewInput[] } {
  const id = p._id;
  const kind = kindOf.get(id);
  if (!kind) throw new Error(`Seed product ${id} has no kind in catalogue/sayings.ts`);
  const created = Date.parse(p.createdAt!);
  const onSale = Math.min(1, (SEED_NOW - created) / (45 * DAY));
  const quality = unit(id, 'quality');
  const starOnly = Math.round(unit(id, 'popularity') ** 2 * 420 * onSale);
  const written = writtenCount(id, starOnly);
  const wanted = Array.from({ length: written }, (_, i) => starAt(quality, (i + unit(id, 'stars')) / written));
  const sayings = pickSayings(id, kind, wanted);
  // Reviews fall between a day after the product went on sale and an hour before "now".
  const span = SEED_NOW - HOUR - (created + DAY);
  const reviews = sayings.map(([rating, comment], k): ReviewInput => {
    const at = created + DAY + Math.floor((span * (k + unit(id, `when${k}`))) / sayings.length / 60_000) * 60_000;
    return { productId: id, userName: REVIEWERS[(index * 5 + k * 7) % REVIEWERS.length], rating, comment, date: new Date(at).toISOString() };
  });
  const ratings = addRatings(spreadRatings(starOnly, quality, unit(id, 'spread')), countStars(sayings.map(([stars]) => stars)));
  return { ratings, reviews };
}

const rated = defined.flatMap((d) => d.products).map((p, i) => ({ product: p, ...rate(p, i) }));

export const products: ProductInput[] = rated.map(({ product, ratings }) => ({
  ...product,
  ...starFields(ratings),
}));

export const reviews: ReviewInput[] = rated.flatMap((r) => r.reviews);
