/**
 * Everything the store's artwork shows, as a table of artworks by kind and key:
 * - every seeded product's two images, `products/{product id}` and `products/{product id}-alt`,
 *   composed from its drawing (./products.ts), its brand's colour (./brands.ts) and its label
 *   (the brand and the pack size, ./names.ts);
 * - one tile a category, `categories/{category id}`, and the home page's banners.
 * Layer positions are fractions of width and height; sizes are fractions of the shorter side.
 */
import { products as seedProducts } from '#server/seed/catalogue.ts';
import type { ImageKindName } from '#lib/images.ts';
import { BRAND_COLOURS } from './brands.ts';
import { mix } from './colour.ts';
import type { Artwork, Layer } from './compose.ts';
import { labelText, type NamedProduct } from './names.ts';
import { PRODUCT_DRAWINGS, type ProductDrawing } from './products.ts';

export type { Artwork } from './compose.ts';

export interface CataloguedProduct extends NamedProduct {
  _id: string;
  /** The image URLs the catalogue names. */
  images?: string[];
}

/** The seeded catalogue's products, as the artwork reads them. */
export const seededProducts: CataloguedProduct[] = seedProducts.map((p) => ({ _id: p._id, name: p.name, brand: p.brand ?? '', images: p.images }));

/** The colour a product is drawn in: its own when its drawing names one, else its brand's. */
export function productColour(product: CataloguedProduct, drawing: ProductDrawing): string {
  const colour = drawing.colour ?? BRAND_COLOURS[product.brand];
  if (!colour) throw new Error(`No colour for the brand ${product.brand} (${product._id}): add it to src/server/artwork/brands.ts`);
  return colour;
}

const fluent = (name: string) => `fluent-emoji-flat:${name}`;
const noto = (name: string) => `noto:${name}`;

/**
 * A product's two artworks. The first shows the pack in front with what goes with it beside,
 * in Fluent's drawings; the second, in Noto's, turns the scene round (what it is made of in
 * front, the pack behind) on a paler tile, so that the two images differ at a glance.
 */
export function productArtworks(product: CataloguedProduct, drawing: ProductDrawing): [Artwork, Artwork] {
  const colour = productColour(product, drawing);
  const label = { text: labelText(product), colour };
  const { hue, tint } = drawing;
  let main: Layer[];
  let alt: Layer[];
  if ('pack' in drawing) {
    const pack = { pack: drawing.pack, colour, contents: drawing.contents ?? mix(colour, '#ffffff', 0.8), faceHue: hue, faceTint: tint };
    const face = drawing.face;
    const beside = drawing.with;
    main = beside
      ? [
          { ...pack, face: face && fluent(face), x: 0.4, y: 0.42, size: 0.66 },
          { icon: fluent(beside), hue, tint, x: 0.74, y: 0.6, size: 0.28 },
        ]
      : [{ ...pack, face: face && fluent(face), x: 0.5, y: 0.42, size: 0.68 }];
    const hero = beside ?? face;
    alt = hero
      ? [
          { ...pack, face: face && noto(face), x: 0.33, y: 0.4, size: 0.56, rotate: -6 },
          { icon: noto(hero), hue, tint, x: 0.66, y: 0.52, size: 0.4 },
        ]
      : [{ ...pack, face: face && noto(face), x: 0.5, y: 0.42, size: 0.64, rotate: -8 }];
  } else {
    const beside = drawing.with;
    main = beside
      ? [
          { icon: fluent(drawing.icon), hue, tint, x: 0.45, y: 0.4, size: 0.54 },
          { icon: fluent(beside), hue, tint, x: 0.74, y: 0.6, size: 0.28 },
        ]
      : [{ icon: fluent(drawing.icon), hue, tint, x: 0.5, y: 0.41, size: 0.58 }];
    alt = beside
      ? [
          { icon: noto(beside), hue, tint, x: 0.28, y: 0.27, size: 0.28, rotate: -8 },
          { icon: noto(drawing.icon), hue, tint, x: 0.56, y: 0.46, size: 0.5 },
        ]
      : [{ icon: noto(drawing.icon), hue, tint, x: 0.5, y: 0.42, size: 0.54, rotate: -6 }];
  }
  return [
    { kind: 'products', key: product._id, tint: mix(colour, '#ffffff', 0.78), layers: main, label },
    { kind: 'products', key: `${product._id}-alt`, tint: mix(colour, '#ffffff', 0.88), glow: [0.3, 0.25], layers: alt, label },
  ];
}

/** [key, three icons (big centre, then two smaller), tint]; keys are the category ids. */
const CATEGORY_ART: [string, [string, string, string], string][] = [
  ['fresh-chilled-food', ['leafy-green', 'cheese-wedge', 'glass-of-milk'], '#dcfce7'],
  ['food-cupboard', ['cooked-rice', 'canned-food', 'hot-pepper'], '#ffedd5'],
  ['bakery', ['bread', 'croissant', 'cookie'], '#fdf3d8'],
  ['frozen-food', ['ice-cream', 'snowflake', 'french-fries'], '#e0f2fe'],
  ['dietary-lifestyle-world-foods', ['green-salad', 'avocado', 'steaming-bowl'], '#ecfccb'],
  ['soft-drinks-tea-coffee', ['teacup-without-handle', 'beverage-box', 'cup-with-straw'], '#fde8c8'],
  ['beer-wine-spirits', ['tropical-drink', 'grapes', 'bubbles'], '#ede9fe'],
  ['health-beauty-personal-care', ['lotion-bottle', 'soap', 'toothbrush'], '#fce7f3'],
  ['baby-parent-kids', ['baby-bottle', 'teddy-bear', 'baby'], '#e0e7ff'],
  ['home-care-cleaning', ['bubbles', 'broom', 'sponge'], '#cffafe'],
  ['pets-home-garden', ['cat-face', 'potted-plant', 'dog-face'], '#dcfce7'],
  ['occasions-entertaining', ['wrapped-gift', 'balloon', 'party-popper'], '#fce7f3'],
  ['clothing-accessories', ['t-shirt', 'billed-cap', 'socks'], '#e0f2fe'],
];

function categoryArtwork([key, [a, b, c], tint]: (typeof CATEGORY_ART)[number]): Artwork {
  return {
    kind: 'categories',
    key,
    tint,
    layers: [
      { icon: `fluent-emoji-flat:${b}`, x: 0.27, y: 0.34, size: 0.34, rotate: -10 },
      { icon: `fluent-emoji-flat:${c}`, x: 0.74, y: 0.34, size: 0.34, rotate: 10 },
      { icon: `fluent-emoji-flat:${a}`, x: 0.5, y: 0.6, size: 0.52 },
    ],
  };
}

const f = (name: string) => `fluent-emoji-flat:${name}`;

const BANNER_ART: Artwork[] = [
  {
    kind: 'hero',
    key: 'hero-1',
    tint: '#fff3dc',
    tint2: '#fdba74',
    glow: [0.15, 0.5],
    layers: [
      { icon: f('basket'), x: 0.62, y: 0.6, size: 0.62 },
      { icon: f('leafy-green'), x: 0.47, y: 0.3, size: 0.3, rotate: -12 },
      { icon: f('bread'), x: 0.44, y: 0.76, size: 0.3, rotate: -6 },
      { icon: f('glass-of-milk'), x: 0.76, y: 0.27, size: 0.3, rotate: 8 },
      { icon: f('tomato'), x: 0.81, y: 0.72, size: 0.26 },
      { icon: f('egg'), x: 0.89, y: 0.42, size: 0.22, rotate: 14 },
      { icon: f('banana'), x: 0.6, y: 0.17, size: 0.24, rotate: -20 },
      { icon: f('cheese-wedge'), x: 0.95, y: 0.8, size: 0.2 },
      { icon: f('red-apple'), x: 0.37, y: 0.5, size: 0.18, rotate: 10 },
    ],
  },
  {
    kind: 'hero',
    key: 'hero-2',
    tint: '#fef6e4',
    tint2: '#fca5a5',
    glow: [0.15, 0.5],
    layers: [
      { icon: f('curry-rice'), x: 0.63, y: 0.56, size: 0.56 },
      { icon: f('teacup-without-handle'), x: 0.82, y: 0.3, size: 0.32, rotate: 6 },
      { icon: f('flatbread'), x: 0.45, y: 0.72, size: 0.32, rotate: -10 },
      { icon: f('mango'), x: 0.48, y: 0.27, size: 0.28, rotate: -14 },
      { icon: f('hot-pepper'), x: 0.84, y: 0.76, size: 0.24, rotate: 20 },
      { icon: f('onion'), x: 0.65, y: 0.16, size: 0.2 },
      { icon: f('garlic'), x: 0.94, y: 0.52, size: 0.2, rotate: -8 },
      { icon: f('lemon'), x: 0.37, y: 0.47, size: 0.16, rotate: 12 },
    ],
  },
  {
    kind: 'hero-mobile',
    key: 'hero-3',
    tint: '#fff3dc',
    tint2: '#fdba74',
    glow: [0.3, 0.15],
    layers: [
      { icon: f('basket'), x: 0.64, y: 0.7, size: 0.5 },
      { icon: f('leafy-green'), x: 0.3, y: 0.78, size: 0.26, rotate: -12 },
      { icon: f('glass-of-milk'), x: 0.86, y: 0.48, size: 0.24, rotate: 8 },
      { icon: f('bread'), x: 0.12, y: 0.88, size: 0.2, rotate: -8 },
      { icon: f('tomato'), x: 0.9, y: 0.88, size: 0.2 },
      { icon: f('egg'), x: 0.44, y: 0.52, size: 0.16, rotate: 14 },
    ],
  },
  {
    kind: 'hero-mobile',
    key: 'hero-4',
    tint: '#fef6e4',
    tint2: '#fca5a5',
    glow: [0.3, 0.15],
    layers: [
      { icon: f('curry-rice'), x: 0.62, y: 0.72, size: 0.46 },
      { icon: f('teacup-without-handle'), x: 0.88, y: 0.5, size: 0.24, rotate: 6 },
      { icon: f('flatbread'), x: 0.26, y: 0.8, size: 0.28, rotate: -10 },
      { icon: f('mango'), x: 0.4, y: 0.52, size: 0.18, rotate: -14 },
      { icon: f('hot-pepper'), x: 0.9, y: 0.88, size: 0.18, rotate: 20 },
      { icon: f('onion'), x: 0.08, y: 0.92, size: 0.14 },
    ],
  },
  {
    kind: 'promo',
    key: 'breakfast',
    tint: '#fff7e6',
    tint2: '#fcd34d',
    glow: [0.5, 0.15],
    layers: [
      { icon: f('flatbread'), x: 0.5, y: 0.72, size: 0.62 },
      { icon: f('cooking'), x: 0.26, y: 0.52, size: 0.36, rotate: -8 },
      { icon: f('teacup-without-handle'), x: 0.76, y: 0.52, size: 0.34, rotate: 6 },
      { icon: f('bread'), x: 0.2, y: 0.88, size: 0.3, rotate: -10 },
      { icon: f('butter'), x: 0.8, y: 0.88, size: 0.26, rotate: 8 },
      { icon: f('honey-pot'), x: 0.52, y: 0.44, size: 0.24 },
    ],
  },
];


/** Every product's artworks, for the products given (default the seeded catalogue). */
export function catalogueArtworks(products: readonly CataloguedProduct[] = seededProducts): Artwork[] {
  return products.flatMap((product) => {
    const drawing = PRODUCT_DRAWINGS[product._id];
    if (!drawing) throw new Error(`No drawing for the product ${product._id}: add it to its table in src/server/artwork/products-*.ts`);
    return productArtworks(product, drawing);
  });
}

let table: Map<string, Artwork> | undefined;

/** Every artwork of the store: the seeded products', the categories' and the banners. */
export function allArtworks(): Artwork[] {
  return [...artworkTable().values()];
}

function artworkTable(): Map<string, Artwork> {
  if (!table) {
    table = new Map();
    for (const art of [...catalogueArtworks(), ...CATEGORY_ART.map(categoryArtwork), ...BANNER_ART]) {
      const id = `${art.kind}/${art.key}`;
      if (table.has(id)) throw new Error(`Two artworks are named ${id}`);
      table.set(id, art);
    }
  }
  return table;
}

/** The artwork drawn at `/images/{kind}/{key}...`, or undefined when there is none. */
export function findArtwork(kind: ImageKindName, key: string): Artwork | undefined {
  return artworkTable().get(`${kind}/${key}`);
}
