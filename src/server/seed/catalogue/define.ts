/**
 * Turns the compact per-category rows into seed rows. Everything derived (discount, stock,
 * createdAt) comes from a hash of the product id, so the seed is the same on every machine and
 * every run: no Math.random, no clock. Ratings and reviews are added in ../catalogue.ts.
 */
import type { CategoryInput, ProductInput, Specification } from '#lib/schemas/catalog.ts';
import { imageUrl } from '#lib/images.ts';
import { slugify } from '#lib/slug.ts';

/** The seed's "today": createdAt dates fall in the 8 months before it. */
export const SEED_NOW = Date.UTC(2026, 10, 15, 9, 0, 0);
const DAY = 86_400_000;

/** Extra or overriding specifications, by name (e.g. `{ Origin: 'Italy', Ingredients: '...' }`). */
export type SpecExtras = Record<string, string>;

/** [name, brand, price in Rs., description, extra specifications?] */
export type Row = [string, string, number, string, SpecExtras?];

export interface CategoryDefinition {
  id: string;
  name: string;
  description: string;
  /** Default specifications for the aisle (Storage, Shelf life, Care...). */
  specs: SpecExtras;
  rows: Row[];
}

export interface DefinedCategory {
  category: CategoryInput;
  products: ProductInput[];
}

export function fnv(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** A deterministic number in [0, 1) for `id` and a salt. */
export function unit(id: string, salt: string): number {
  return fnv(`${salt}:${id}`) / 4294967296;
}

/** Brands whose goods are imported; everything else is made in Pakistan. */
const BRAND_ORIGIN: Record<string, string> = {
  Quaker: 'United Kingdom',
  "Kellogg's": 'Thailand',
  Borges: 'Spain',
  Alpro: 'Belgium',
  Skippy: 'United States',
  Nutella: 'Italy',
  Barilla: 'Italy',
  Kikkoman: 'Netherlands',
  Nongshim: 'South Korea',
  'Old El Paso': 'Netherlands',
  Mission: 'United Arab Emirates',
  "McVitie's": 'United Kingdom',
  Heinz: 'United Kingdom',
  'John West': 'Thailand',
  Chaokoh: 'Thailand',
  'Nature Valley': 'United States',
  'Red Bull': 'Austria',
  Bavaria: 'Netherlands',
  Barbican: 'Saudi Arabia',
  Moussy: 'Switzerland',
  Holsten: 'Germany',
  Fayrouz: 'Egypt',
  Shloer: 'United Kingdom',
  "Martinelli's": 'United States',
  Schweppes: 'United Arab Emirates',
  'Canada Dry': 'United Arab Emirates',
  Monin: 'France',
  "Rose's": 'United Kingdom',
  Perrier: 'France',
  'San Pellegrino': 'Italy',
  'Fever-Tree': 'United Kingdom',
  Nivea: 'Germany',
  'Head & Shoulders': 'Thailand',
  Gillette: 'Poland',
  'Philips Avent': 'United Kingdom',
  Chicco: 'Italy',
  Kinder: 'Germany',
  'Me-O': 'Thailand',
  Pedigree: 'Thailand',
  Tetra: 'Germany',
  Energizer: 'Singapore',
  Philips: 'China',
  McCain: 'Belgium',
  'Ferrero Rocher': 'Italy',
  Canbebe: 'Turkey',
  Lego: 'Denmark',
  Crayola: 'United States',
  Canderel: 'France',
  Pringles: 'Belgium',
};

/** The pack size written at the end of a name ("... 50g", "... 1.5L", "... (12 pcs)"). */
function sizeSpec(name: string): Specification | undefined {
  const m = /(\d+(?:\.\d+)?)\s?(kg|g|ml|L)\b/i.exec(name);
  if (m) {
    const unitName = m[2].toLowerCase();
    return { name: unitName === 'ml' || unitName === 'l' ? 'Volume' : 'Weight', value: `${m[1]} ${m[2] === 'l' ? 'L' : m[2]}` };
  }
  const pack = /\((\d+)\s?(pcs|pairs|tablets|bags|sheets|pads|sachets)\)|\(Pack of (\d+)\)|\((\d+)\s?x\s?[^)]*\)/i.exec(name);
  if (pack) return { name: 'Pack size', value: pack[0].slice(1, -1) };
  return undefined;
}

/** 10% off and similar, rounded to a price tag: Rs. 5 steps under Rs. 300, Rs. 10 above. */
function discountFor(id: string, price: number): number {
  if (unit(id, 'disc') >= 0.3) return 0;
  const pct = [0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25][Math.floor(unit(id, 'pct') * 7)];
  const step = price < 300 ? 5 : 10;
  const amount = Math.max(step, Math.round((price * pct) / step) * step);
  return amount < price ? amount : 0;
}

function stockFor(id: string): number {
  const u = unit(id, 'stock');
  if (u < 0.05) return 0;
  if (u < 0.14) return 1 + Math.floor(unit(id, 'low') * 5);
  return 8 + Math.floor(unit(id, 'qty') * 190);
}

/** A product's two images are named after its id: the artwork drawn for it, and a second view. */
export function productImages(productId: string): string[] {
  return [imageUrl('products', productId), imageUrl('products', `${productId}-alt`)];
}

export function defineCategory(def: CategoryDefinition): DefinedCategory {
  const category: CategoryInput = {
    _id: def.id,
    name: def.name,
    description: def.description,
    images: [imageUrl('categories', def.id)],
  };
  const products = def.rows.map(([name, brand, price, description, extras = {}]): ProductInput => {
    const _id = slugify(name);
    const specs: Specification[] = [];
    const size = sizeSpec(name);
    if (size && !(size.name in extras)) specs.push(size);
    const merged: SpecExtras = { Origin: BRAND_ORIGIN[brand] ?? 'Pakistan', ...def.specs, ...extras };
    for (const [specName, value] of Object.entries(merged)) specs.push({ name: specName, value });
    // At most 5: the aisle's defaults give way to the product's own specifications.
    for (let i = specs.length - 1; specs.length > 5 && i >= 0; i--) {
      if (specs[i].name in def.specs && !(specs[i].name in extras)) specs.splice(i, 1);
    }
    specs.length = Math.min(specs.length, 5);
    const ageMs = Math.floor(unit(_id, 'age') * 240) * DAY + DAY + Math.floor(unit(_id, 'time') * 600) * 60_000;
    return {
      _id,
      name,
      description,
      category: def.name,
      brand,
      price,
      discount: discountFor(_id, price),
      stock: stockFor(_id),
      images: productImages(_id),
      specifications: specs,
      createdAt: new Date(SEED_NOW - ageMs).toISOString(),
    };
  });
  return { category, products };
}
