/**
 * The artwork of the seeded catalogue: every image the catalogue names is drawn, what is drawn
 * exists, and no two products that are not variants of each other share an image.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_KINDS, type ImageKindName } from '#lib/images.ts';
import { categories } from '#server/seed/catalogue.ts';
import { BRAND_COLOURS } from './brands.ts';
import { contrast, inkOn } from './colour.ts';
import { artworkSvg, type Artwork } from './compose.ts';
import { describeIdentical, findIdenticalImages, type ProductImage } from './duplicates.ts';
import { resolveIcon } from './icons.ts';
import { labelText } from './names.ts';
import { PRODUCT_DRAWINGS } from './products.ts';
import { DRINK_DRAWINGS } from './products-drinks.ts';
import { FOOD_DRAWINGS } from './products-food.ts';
import { HOME_DRAWINGS } from './products-home.ts';
import { generateImages, removeOldImages } from './render.ts';
import { allArtworks, findArtwork, productColour, seededProducts as products } from './table.ts';
import { canDraw } from './text.ts';

const OWN = /^\/images\/([a-z-]+)\/([a-z0-9-]+)\.webp$/;

/** The artwork the store draws at one of the catalogue's image URLs. */
function drawnAt(url: string): Artwork | undefined {
  const m = OWN.exec(url);
  return m ? findArtwork(m[1] as ImageKindName, m[2]) : undefined;
}

function imagesOf(draw: (art: Artwork) => string): ProductImage[] {
  return products.flatMap((product) =>
    (product.images ?? []).map((url) => {
      const art = drawnAt(url);
      if (!art) throw new Error(`Nothing is drawn at ${url} (${product._id})`);
      return { product, image: url, content: draw(art) };
    }),
  );
}

describe('catalogue artwork', () => {
  it('draws every image the catalogue refers to, and the banners', () => {
    const urls = [...categories.flatMap((c) => c.images ?? []), ...products.flatMap((p) => p.images ?? [])];
    for (const url of urls) expect(drawnAt(url), url).toBeDefined();
    for (const key of ['hero-1', 'hero-2']) expect(findArtwork('hero', key)).toBeDefined();
    for (const key of ['hero-3', 'hero-4']) expect(findArtwork('hero-mobile', key)).toBeDefined();
    expect(findArtwork('promo', 'breakfast')).toBeDefined();
  });

  it('composes every artwork into SVG with every number a number', () => {
    for (const art of allArtworks()) expect(artworkSvg(art), `${art.kind}/${art.key}`).not.toMatch(/NaN|undefined|Infinity/);
  });

  it('has a drawing for every seeded product and none for a product that is not seeded', () => {
    const ids = new Set(products.map((p) => p._id));
    expect(products.filter((p) => !PRODUCT_DRAWINGS[p._id]).map((p) => p._id)).toEqual([]);
    expect(Object.keys(PRODUCT_DRAWINGS).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('draws each product in one table only, so that none is drawn over by another', () => {
    const tables = [FOOD_DRAWINGS, DRINK_DRAWINGS, HOME_DRAWINGS].map((table) => Object.keys(table));
    expect(tables.flat().filter((id, i, all) => all.indexOf(id) !== i)).toEqual([]);
  });

  it('no two products that are not variants of each other share an image', () => {
    expect(describeIdentical(findIdenticalImages(imagesOf(artworkSvg)))).toEqual([]);
  });

  it('no two products that are not variants of each other share a picture, even without their labels', () => {
    expect(describeIdentical(findIdenticalImages(imagesOf((art) => artworkSvg({ ...art, label: undefined }))))).toEqual([]);
  });

  it('names only icons that both installed sets have', () => {
    for (const art of allArtworks()) {
      for (const layer of art.layers) {
        const icons = 'pack' in layer ? (layer.face ? [layer.face] : []) : [layer.icon];
        for (const icon of icons) expect(resolveIcon(icon), `${art.key}: ${icon}`).toBeDefined();
      }
    }
    for (const [id, drawing] of Object.entries(PRODUCT_DRAWINGS)) {
      const names = 'pack' in drawing ? [drawing.face, drawing.with] : [drawing.icon, drawing.with];
      for (const name of names.filter((n): n is string => Boolean(n))) {
        for (const set of ['fluent-emoji-flat', 'noto']) expect(resolveIcon(`${set}:${name}`), `${id}: ${set}:${name}`).toBeDefined();
      }
    }
  });

  it('gives every brand a colour and labels every product in legible letters', () => {
    for (const product of products) {
      expect(BRAND_COLOURS[product.brand], product.brand).toBeDefined();
      const colour = productColour(product, PRODUCT_DRAWINGS[product._id]);
      expect(contrast(inkOn(colour), colour), `${product._id} on ${colour}`).toBeGreaterThanOrEqual(4.5);
      const label = labelText(product);
      expect(canDraw(label, 700) && canDraw(label, 500), label).toBe(true);
    }
  });

  it('renders one product artwork at every width, only once, and removes files of artwork that is gone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kiryana-art-'));
    const key = 'shezan-mango-juice-1l';
    try {
      const result = await generateImages({ outDir: dir, keys: [`products/${key}`] });
      const kind = IMAGE_KINDS.products;
      expect(result.written).toBe(kind.widths.length * 2 + 1);
      for (const width of kind.widths) {
        for (const ext of ['avif', 'webp']) {
          const meta = await sharp(path.join(dir, 'products', `${key}-${width}.${ext}`)).metadata();
          expect([meta.width, meta.height]).toEqual([width, width]);
        }
      }
      const main = await sharp(path.join(dir, 'products', `${key}.webp`)).metadata();
      expect([main.width, main.height]).toEqual([kind.width, kind.height]);
      expect((await stat(path.join(dir, 'products', `${key}-400.webp`))).size).toBeLessThan(30_000);
      const again = await generateImages({ outDir: dir, keys: [`products/${key}`] });
      expect(again).toMatchObject({ written: 0, skipped: kind.widths.length * 2 + 1 });
      await writeFile(path.join(dir, 'products', 'cola-200.avif'), 'an image of artwork that is gone');
      expect(await removeOldImages(dir)).toBe(1);
      expect((await stat(path.join(dir, 'products', `${key}-200.avif`))).isFile()).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
