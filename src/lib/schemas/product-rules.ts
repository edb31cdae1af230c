/**
 * The catalogue's product rules, field by field, without zod: what the importer's
 * ProductInputSchema (catalog.ts) and validateCatalog say of a product, in their very words, for the
 * staff pages to say as the editor types (a staff page must not load zod: every zod schema a browser
 * module builds joins the chunk every shop page loads). product-rules.test.ts holds every message
 * here equal to the importer's for the same row, so the form, the stock grid and the API agree.
 *
 * Numbers are taken as the importer takes them (a cell's text or a number: `Number(value)`), the
 * text fields trimmed; a field left out has the importer's default (no discount, no stock, no
 * pictures, no specifications).
 */
import { categoryLookup, type CategoryRef } from '../category-lookup.ts';
import { isPictureAddress, notAPicture } from '../picture-address.ts';
import { formatRs, MAX_PRICE } from '../money.ts';
import { formatWhole } from '../numbers.ts';

/** The most units of one product the catalogue holds: a shop's shelf, far inside the database's whole numbers. */
export const MAX_STOCK = 1_000_000;

/** The fields of a product an editor writes (the import file's, without ratings and dates). */
export const PRODUCT_FIELDS = ['_id', 'name', 'description', 'category', 'brand', 'price', 'discount', 'stock', 'images', 'specifications'] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export type ProductProblems = Partial<Record<ProductField, string>>;

/** The importer's words (each follows the field's name: "price must be above 0"). */
export const PRODUCT_RULE_WORDS = {
  required: 'is required',
  text: 'must be a string',
  number: 'must be a number',
  list: 'must be a list',
  object: 'must be a object',
  id: 'must be lowercase letters, digits and dashes',
  wholeRupees: 'must be whole rupees',
  wholeNumber: 'must be a whole number',
  aboveZero: 'must be above 0',
  notNegative: 'must be at least 0',
  /** The dearest price (and discount) a product may have, MAX_PRICE (money.ts). */
  tooDear: `must be at most ${formatRs(MAX_PRICE)}`,
  /** The most units of a product, MAX_STOCK. */
  tooMany: `must be at most ${formatWhole(MAX_STOCK)}`,
  discountAbovePrice: (price: number) => `must not be above the price (${price})`,
  unknownCategory: (name: string) => `unknown category '${name}'`,
  picture: notAPicture,
} as const;

const W = PRODUCT_RULE_WORDS;
/** The ids the catalogue makes: lowercase letters, digits and dashes, at most 100, starting with a letter or digit. */
export const PRODUCT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** A text field: `required` ones may not be blank once trimmed. */
function textProblem(value: unknown, required: boolean): string | null {
  if (value === undefined) return required ? W.required : null;
  if (typeof value !== 'string') return W.text;
  return required && value.trim() === '' ? W.required : null;
}

export function idProblem(value: unknown): string | null {
  if (value === undefined) return W.required;
  if (typeof value !== 'string') return W.text;
  return PRODUCT_ID_PATTERN.test(value.trim()) ? null : W.id;
}

/** A figure as the importer reads it; `undefined` stays undefined (the field's default). */
const figure = (value: unknown): number | undefined => (value === undefined ? undefined : Number(value));

/** price: whole rupees above 0, at most MAX_PRICE. */
export function priceProblem(value: unknown): string | null {
  const n = Number(value);
  if (!Number.isFinite(n)) return W.number;
  if (!Number.isSafeInteger(n)) return W.wholeRupees;
  if (n <= 0) return W.aboveZero;
  return n > MAX_PRICE ? W.tooDear : null;
}

/** discount: whole rupees, not negative, at most MAX_PRICE; left out it is 0. */
export function discountProblem(value: unknown): string | null {
  return countProblem(value, W.wholeRupees, MAX_PRICE, W.tooDear);
}

/** stock: a whole number, not negative, at most MAX_STOCK; left out it is 0. */
export function stockProblem(value: unknown): string | null {
  return countProblem(value, W.wholeNumber, MAX_STOCK, W.tooMany);
}

function countProblem(value: unknown, whole: string, max: number, tooBig: string): string | null {
  const n = figure(value);
  if (n === undefined) return null;
  if (!Number.isFinite(n)) return W.number;
  if (!Number.isSafeInteger(n)) return whole;
  if (n < 0) return W.notNegative;
  return n > max ? tooBig : null;
}

/** images: a list of picture addresses (one alone is a list of one): the store's own or https: (picture-address.ts). */
export function imagesProblem(value: unknown): string | null {
  if (value === undefined) return null;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list)) return W.list;
  for (const image of list) {
    if (typeof image !== 'string') return W.text;
    if (image === '') return W.required;
    if (!isPictureAddress(image)) return W.picture(image);
  }
  return null;
}

/** A specification's name or value: required text, taken as written (not trimmed: only empty is missing). */
const specText = (v: unknown): string | null => (v === undefined || v === '' ? W.required : typeof v !== 'string' ? W.text : null);

/** One specification's problems: its name and its value are both required text. */
export function specificationProblems(spec: unknown): { row?: string; name?: string; value?: string } {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return { row: W.object };
  const { name, value } = spec as { name?: unknown; value?: unknown };
  const out: { name?: string; value?: string } = {};
  const n = specText(name);
  const v = specText(value);
  if (n) out.name = n;
  if (v) out.value = v;
  return out;
}

/** specifications: a list of name and value pairs; the first problem of the first wrong pair. */
export function specificationsProblem(value: unknown): string | null {
  if (value === undefined) return null;
  if (!Array.isArray(value)) return W.list;
  for (const spec of value) {
    const p = specificationProblems(spec);
    const first = p.row ?? p.name ?? p.value;
    if (first) return first;
  }
  return null;
}

/**
 * What is wrong with each field of `input` (a product as the import file or the form gives it), by
 * field, in the importer's words; `{}` when nothing is. Fields are checked one by one, then the
 * discount against the price (when both are right) and, given `categories`, the category against
 * them (by id or by name, as the importer finds it).
 */
export function checkProductFields(input: Readonly<Record<string, unknown>>, { categories }: { categories?: readonly CategoryRef[] } = {}): ProductProblems {
  const problems: ProductProblems = {};
  const found: [ProductField, string | null][] = [
    ['_id', idProblem(input._id)],
    ['name', textProblem(input.name, true)],
    ['description', textProblem(input.description, false)],
    ['category', textProblem(input.category, true)],
    ['brand', textProblem(input.brand, false)],
    ['price', priceProblem(input.price)],
    ['discount', discountProblem(input.discount)],
    ['stock', stockProblem(input.stock)],
    ['images', imagesProblem(input.images)],
    ['specifications', specificationsProblem(input.specifications)],
  ];
  for (const [field, problem] of found) if (problem) problems[field] = problem;
  if (!problems.price && !problems.discount) {
    const price = Number(input.price);
    if ((figure(input.discount) ?? 0) > price) problems.discount = W.discountAbovePrice(price);
  }
  if (categories && !problems.category) {
    const name = String(input.category).trim();
    if (!categoryLookup(categories)(name)) problems.category = W.unknownCategory(name);
  }
  return problems;
}

/** Only the problems of `fields` (a change names some fields; the others are the stored product's). */
export function pickProblems(problems: ProductProblems, fields: readonly string[]): ProductProblems {
  return Object.fromEntries(Object.entries(problems).filter(([f]) => fields.includes(f))) as ProductProblems;
}
