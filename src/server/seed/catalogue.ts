/**
 * The seeded catalogue: 13 categories (the order and spelling of FALLBACK_CATEGORY_NAMES),
 * about 300 products stocked as a Pakistani store would, and reviews on about 40 of them.
 * Data lives in ./catalogue/{category}.ts; everything derived is deterministic (see define.ts).
 */
import type { CategoryInput, ProductInput, ReviewInput } from '#lib/schemas/catalog.ts';
import { SEED_NOW, unit, type DefinedCategory } from '#server/seed/catalogue/define.ts';
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
export const products: ProductInput[] = defined.flatMap((d) => d.products);

const REVIEWERS = [
  'Ayesha K.', 'Bilal Ahmed', 'Fatima R.', 'Usman Tariq', 'Sana Malik', 'Hamza Qureshi', 'Zainab S.',
  'Imran Hussain', 'Mehwish A.', 'Ali Raza', 'Hira Shah', 'Faisal Iqbal', 'Nadia Javed', 'Omer Farooq',
  'Rabia Nawaz', 'Kamran Butt', 'Maryam Z.', 'Saad Rehman', 'Amna Siddiqui', 'Waqas Ali', 'Sadia Baig',
  'Adeel Khan', 'Khadija Mirza', 'Junaid Akhtar',
];

type Said = [number, string];

/** What shoppers say, by category name, then general remarks any product can get. */
const SAYINGS: Record<string, Said[]> = {
  'Fresh & Chilled Food': [
    [5, 'Bilkul fresh tha, delivery boy ne cooler bag mein diya. Very happy.'],
    [4, 'Good quality, though one piece was slightly smaller than the rest.'],
    [5, 'Better than what I get from the local market and no haggling needed!'],
    [2, 'Arrived a bit warm in the afternoon heat. Please deliver chilled items earlier.'],
  ],
  'Food Cupboard': [
    [5, 'Same taste as always, ammi ki recipe ke saath perfect lagta hai.'],
    [5, 'Sealed pack, long expiry date. Will reorder every month.'],
    [4, 'Good product, price is a little higher than Imtiaz but delivery saves time.'],
    [3, 'Taste is fine but the packaging was slightly torn.'],
  ],
  Bakery: [
    [5, 'Soft and fresh, bachon ne nashte mein khatam kar diya.'],
    [4, 'Fresh delivery, would like a longer expiry date though.'],
    [5, 'Perfect with chai in the evening. Highly recommended.'],
    [2, 'Was a bit stale on the edges this time.'],
  ],
  'Frozen Food': [
    [5, 'Came frozen solid. Perfect for sehri and iftar.'],
    [4, 'Tasty and crispy, kids love it. A little salty for my taste.'],
    [5, 'Saves so much time on busy weekdays. Quality is consistent.'],
    [3, 'Okay taste, but I expected a bigger pack for the price.'],
  ],
  'Dietary, Lifestyle & World Foods': [
    [5, 'Hard to find in Lahore, so glad Kiryana stocks it.'],
    [4, 'Genuine imported product, expiry date was fine.'],
    [5, 'Part of my diet plan now, great quality.'],
    [3, 'Good but quite expensive compared to abroad.'],
  ],
  'Soft Drinks, Tea & Coffee': [
    [5, 'Chai ka maza aa gaya. Strong colour and taste.'],
    [5, 'Ordered for a dawat, arrived quickly and chilled.'],
    [4, 'Good as always, wish there were more bundle offers.'],
    [3, 'Fine, but one bottle had less fizz than usual.'],
  ],
  'Beer, Wine & Spirits': [
    [5, 'Great alcohol-free option for family dinners. Very refreshing chilled.'],
    [4, 'Nice taste, a bit sweet. Goes well with barbecue.'],
    [5, 'Served it at my sister’s mehndi as a mocktail base, everyone asked about it.'],
    [3, 'Decent, but I prefer the lemon one.'],
  ],
  'Health, Beauty & Personal Care': [
    [5, 'Original product, not a copy. Packing was sealed.'],
    [4, 'Works well, the fragrance is nice and light.'],
    [5, 'Using it for years, glad to get it delivered at home.'],
    [2, 'Not suitable for my skin, but the product was genuine.'],
  ],
  'Baby, Parent & Kids': [
    [5, 'Genuine stock with good expiry. Very important for baby items.'],
    [5, 'My son loves it, and the price was lower than the pharmacy.'],
    [4, 'Good quality, delivered next day in Karachi.'],
    [3, 'Fine, but the pack size changed and it is smaller now.'],
  ],
  'Home Care & Cleaning': [
    [5, 'Daag bilkul saaf ho gaye. Best for white kurtas.'],
    [4, 'Works well and smells fresh. Good value.'],
    [5, 'Heavy items delivered to the door, no need to carry from the market.'],
    [3, 'Average results on tough stains.'],
  ],
  'Pets, Home & Garden': [
    [5, 'Meri billi ko bohat pasand aaya, finished the bowl.'],
    [4, 'Good product, reasonable price for Pakistan.'],
    [5, 'Does what it says. Quick delivery to Islamabad.'],
    [3, 'Okay quality, expected a little better.'],
  ],
  'Occasions & Entertaining': [
    [5, 'Ordered for Eid, guests loved it. Beautiful packing.'],
    [5, 'Fresh and tasty, reminded me of Lahore ki purani mithai.'],
    [4, 'Good quality, delivered on time for the party.'],
    [2, 'Box was a little damaged on arrival, contents fine.'],
  ],
  'Clothing & Accessories': [
    [5, 'Good stitching and fabric for the price.'],
    [4, 'Size was accurate. Colour is slightly darker than shown.'],
    [5, 'Very useful, bought one more for my father.'],
    [2, 'Quality is okay but it runs small, order one size up.'],
  ],
};
const GENERAL: Said[] = [
  [5, 'Excellent service by Kiryana, cash on delivery was smooth.'],
  [4, 'Value for money. Rider was polite and on time.'],
  [1, 'Received the wrong item, though customer service replaced it the next day.'],
  [4, 'Reorder karti hoon har mahine. Never disappointed.'],
];

const DAY = 86_400_000;

function buildReviews(): ReviewInput[] {
  const out: ReviewInput[] = [];
  // Every 7th product that has been on sale for at least three weeks: about 40 products.
  const reviewed = products.filter((p, i) => i % 7 === 3 && SEED_NOW - Date.parse(p.createdAt!) > 21 * DAY);
  reviewed.forEach((p, n) => {
    const pool = [...(SAYINGS[p.category] ?? []), ...GENERAL];
    const count = 2 + Math.floor(unit(p._id, 'review-count') * 3);
    const created = Date.parse(p.createdAt!);
    const span = SEED_NOW - created - DAY;
    for (let k = 0; k < count; k++) {
      // Stepping by 3 through the 8 sayings never repeats one within a product.
      const [rating, comment] = pool[(n * 3 + Math.floor(unit(p._id, 'say') * pool.length) + k * 3) % pool.length];
      const at = created + DAY + Math.floor((span * (k + unit(p._id, `when${k}`))) / count / 60_000) * 60_000;
      out.push({
        productId: p._id,
        userName: REVIEWERS[(n * 5 + k * 7) % REVIEWERS.length],
        rating,
        comment,
        date: new Date(at).toISOString(),
      });
    }
  });
  return out;
}

export const reviews: ReviewInput[] = buildReviews();
