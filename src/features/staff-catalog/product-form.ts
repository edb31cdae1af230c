/**
 * The product form's pure logic: the values it shows (text as typed), what they mean to the rules
 * and the API, which fields the editor changed (only those are sent, with the version the form
 * started from), and after a conflict the form's values on the product as now stored: the fields
 * the editor changed keep what was typed, the others take what is stored, so saving again loses
 * neither the other editor's change nor this one's.
 */
import { checkProductFields, type ProductProblems } from '#lib/schemas/product-rules.ts';
import type { CategoryChoice, NewProduct, ProductChanges, Specification, StaffProduct } from './product-types.ts';

export interface FormValues {
  _id: string;
  name: string;
  brand: string;
  /** The category's id. */
  category: string;
  description: string;
  price: string;
  discount: string;
  stock: string;
  images: string[];
  specifications: Specification[];
}

/** The fields an editor changes, in the form's order. */
export const EDITABLE = ['name', 'brand', 'category', 'description', 'price', 'discount', 'stock', 'images', 'specifications'] as const;
export type EditableField = (typeof EDITABLE)[number];

export const FIELD_LABELS: Record<EditableField | '_id' | 'onSale', string> = {
  _id: 'Id',
  name: 'Name',
  brand: 'Brand',
  category: 'Category',
  description: 'Description',
  price: 'Price (Rs.)',
  discount: 'Discount (Rs.)',
  stock: 'Stock',
  images: 'Pictures',
  specifications: 'Specifications',
  onSale: 'On sale',
};

export const EMPTY_VALUES: FormValues = { _id: '', name: '', brand: '', category: '', description: '', price: '', discount: '0', stock: '0', images: [], specifications: [] };

export function valuesOf(p: StaffProduct): FormValues {
  return {
    _id: p._id,
    name: p.name,
    brand: p.brand,
    category: p.categoryId,
    description: p.description,
    price: String(p.price),
    discount: String(p.discount),
    stock: String(p.stock),
    images: [...p.images],
    specifications: p.specifications.map((s) => ({ ...s })),
  };
}

/** A figure as the API takes it: the number typed, or the text itself when it is none (the API then says why). */
const figure = (text: string): number | string => {
  const t = text.trim();
  const n = Number(t);
  return t !== '' && Number.isFinite(n) ? n : t;
};

/** The values as the importer reads a row: what the rules check and the API is sent. */
export function inputOf(v: FormValues): NewProduct {
  return {
    _id: v._id.trim(),
    name: v.name.trim(),
    description: v.description.trim(),
    category: v.category,
    brand: v.brand.trim(),
    price: figure(v.price) as number,
    discount: (v.discount.trim() === '' ? 0 : figure(v.discount)) as number,
    stock: (v.stock.trim() === '' ? 0 : figure(v.stock)) as number,
    images: v.images,
    specifications: v.specifications,
  };
}

/** What is wrong with the values, by field; a product being changed has its id already. */
export function problemsOf(v: FormValues, categories: readonly CategoryChoice[], isNew: boolean): ProductProblems {
  const input: Record<string, unknown> = { ...inputOf(v), price: v.price, discount: v.discount === '' ? undefined : v.discount, stock: v.stock === '' ? undefined : v.stock };
  const problems = checkProductFields(input, categories.length ? { categories } : {});
  if (!isNew) delete problems._id;
  if (v.category === '') problems.category = 'is required';
  return problems;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const fieldValue = (v: FormValues, f: EditableField) => inputOf(v)[f];

/** The fields the editor changed from `base` (what the form opened), with their new values. */
export function changedFields(base: FormValues, v: FormValues): ProductChanges {
  const changes: Record<string, unknown> = {};
  for (const f of EDITABLE) if (!same(fieldValue(base, f), fieldValue(v, f))) changes[f] = fieldValue(v, f);
  return changes as ProductChanges;
}

/** After a conflict: the editor's changes laid over the product as now stored. */
export function rebase(base: FormValues, typed: FormValues, stored: FormValues): FormValues {
  const out: FormValues = { ...stored };
  for (const f of EDITABLE) if (!same(fieldValue(base, f), fieldValue(typed, f))) (out as unknown as Record<string, unknown>)[f] = typed[f];
  return out;
}

export interface ConflictRow {
  field: EditableField;
  label: string;
  /** What is stored now (the other editor's save). */
  stored: string;
  /** What this editor typed. */
  typed: string;
  /** The other editor changed this field too (or only they did). */
  theirs: boolean;
  mine: boolean;
}

/** A value as the conflict view shows it. */
export function shownValue(f: EditableField, v: FormValues, categories: readonly CategoryChoice[]): string {
  if (f === 'category') return categories.find((c) => c._id === v.category)?.name ?? v.category;
  if (f === 'images') return v.images.length ? v.images.map((i) => i.split('/').pop()).join(', ') : 'none';
  if (f === 'specifications') return v.specifications.length ? v.specifications.map((s) => `${s.name}: ${s.value}`).join('; ') : 'none';
  const text = String(v[f]).trim();
  return text === '' ? 'none' : text;
}

/** The fields either editor changed, each with what is stored now beside what this editor typed. */
export function conflictRows(base: FormValues, typed: FormValues, stored: FormValues, categories: readonly CategoryChoice[] = []): ConflictRow[] {
  return EDITABLE.flatMap((f) => {
    const mine = !same(fieldValue(base, f), fieldValue(typed, f));
    const theirs = !same(fieldValue(base, f), fieldValue(stored, f));
    if (!mine && !theirs) return [];
    return [{ field: f, label: FIELD_LABELS[f], stored: shownValue(f, stored, categories), typed: shownValue(f, typed, categories), mine, theirs }];
  });
}

/** The words the form says while the shop catches up with a save, and once it has. */
export const LIVE_TEXT = {
  saved: 'Saved. Updating the shop…',
  live: 'Live in the shop',
  offSaleLive: 'Taken off sale: its page is gone from the shop',
  created: 'Created. Updating the shop…',
} as const;
