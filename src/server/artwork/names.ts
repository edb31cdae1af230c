/**
 * What a product's name says about its pack: the pack size and count ("1.5L", "50g",
 * "12 pcs", "Pack of 5", "Size 4") apart from the product line ("Surf Excel Washing Powder").
 * The artwork label shows the brand with the pack size; the variant rule compares the lines.
 */

export interface NamedProduct {
  name: string;
  brand: string;
}

/**
 * The parts of a name that give its pack size or count, in the order they appear:
 * a quantity with its unit (50g, 1.5L, 250 ml, 30cm; metres, inches and watts written
 * close up: 3m, 9in, 12W, so that "2 in 1" is no size), a count in brackets or
 * before "pcs" ("(12 pcs)", "100 pcs", "(Pack of 5)", "(3 Pairs)"), a size number ("Size 4"),
 * an age range ("6–16 Months") and "Family Pack" or "Party Pack".
 */
const PACK_PARTS = new RegExp(
  [
    String.raw`\(\s*(?:\d+\s?(?:pcs|pieces|pairs|tablets|bags|sheets|pads|sachets|bars)|Pack of \d+)\s*\)`,
    String.raw`\b\d+\s?(?:pcs|pieces|pairs)\b`,
    String.raw`\b\d+(?:\.\d+)?(?:\s?(?:kg|g|mg|ml|L|cm|mm)|m|in|W)(?![\w.])`,
    String.raw`\bSize \d+\b`,
    String.raw`\b\d+\s?[–-]\s?\d+ Months\b`,
    String.raw`\b(?:Family|Party) Pack\b`,
  ].join('|'),
  'gi',
);

/** The pack size and count parts of a name, as written there without brackets ("Pack of 5", "12 pcs"). */
export function packParts(name: string): string[] {
  return [...name.matchAll(PACK_PARTS)].map((match) => match[0].replace(/^\(\s*|\s*\)$/g, ''));
}

/** The name with its pack size and count taken out, lower case, single spaces. */
export function productLine(name: string): string {
  return name.replace(PACK_PARTS, ' ').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Two products are variants of each other when they have the same brand and the same product
 * line, differing only in pack size or count (Surf Excel Washing Powder 1kg and 500g). Variants
 * may share a drawing; products that are not variants never share an image.
 */
export function areVariants(a: NamedProduct, b: NamedProduct): boolean {
  return a.brand === b.brand && productLine(a.name) === productLine(b.name);
}

/** The text of a product's artwork label: the brand, then the pack size ("Pepsi · 1.5L"). */
export function labelText(product: NamedProduct): string {
  return [product.brand, ...packParts(product.name)].join(' · ');
}
