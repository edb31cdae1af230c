/**
 * What each seeded product's pictures show, by product id. A product is drawn either as a pack
 * (a bottle, box, jar... in its brand's colour, with what is inside on its front) beside what
 * it is made of or goes with, or, when it is sold as it is (tomatoes, socks, a broom), as the
 * thing itself. Icon names are those of Fluent Emoji Flat and Noto Emoji: the first image uses
 * Fluent's drawings, the second Noto's.
 *
 * Rules the table keeps (table.test.ts checks them): every seeded product has a drawing; what
 * is drawn is what the product is (a mango carton shows a mango, not an apple); products that are
 * not variants of each other never share a picture, even before their labels are drawn.
 */
import type { ProductDrawing } from './product-drawing.ts';
import { DRINK_DRAWINGS } from './products-drinks.ts';
import { FOOD_DRAWINGS } from './products-food.ts';
import { HOME_DRAWINGS } from './products-home.ts';

export type { ProductDrawing } from './product-drawing.ts';

export const PRODUCT_DRAWINGS: Record<string, ProductDrawing> = { ...FOOD_DRAWINGS, ...DRINK_DRAWINGS, ...HOME_DRAWINGS };
