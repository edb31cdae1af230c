/**
 * Finds identical images across products. An image is identified by what the renderer draws
 * from: its SVG. Equal SVGs rasterise to equal pixels; so two products whose SVGs are equal show
 * the same picture.
 */
import { createHash } from 'node:crypto';
import { areVariants, type NamedProduct } from './names.ts';

export interface ProductImage {
  product: NamedProduct & { _id: string };
  /** Which of the product's images (its URL or key). */
  image: string;
  /** What is drawn: the SVG the renderer rasterises. */
  content: string;
}

/** Images with the same content, at least two of which may not share it. */
export interface IdenticalImages {
  hash: string;
  images: ProductImage[];
}

/**
 * Two images may be identical only when they belong to two different products that are
 * variants of each other (the same line in another pack size). A product's own two images
 * must differ, and products that are not variants must not share any image.
 */
function mayShare(a: ProductImage, b: ProductImage): boolean {
  return a.product._id !== b.product._id && areVariants(a.product, b.product);
}

/** Every group of identical images that contains two images which may not share their content. */
export function findIdenticalImages(images: Iterable<ProductImage>): IdenticalImages[] {
  const byHash = new Map<string, ProductImage[]>();
  for (const image of images) {
    const hash = createHash('sha256').update(image.content).digest('hex');
    const group = byHash.get(hash);
    if (group) group.push(image);
    else byHash.set(hash, [image]);
  }
  const found: IdenticalImages[] = [];
  for (const [hash, group] of byHash) {
    const clash = group.some((a, i) => group.slice(i + 1).some((b) => !mayShare(a, b)));
    if (clash) found.push({ hash, images: group });
  }
  return found;
}

/** One line a group: "coca-cola-1-5l (/images/products/cola.webp) = pepsi-1-5l (...)". */
export function describeIdentical(groups: IdenticalImages[]): string[] {
  return groups.map((g) => g.images.map((i) => `${i.product._id} (${i.image})`).join(' = '));
}
