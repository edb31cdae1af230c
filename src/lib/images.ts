/**
 * Responsive artwork. The catalogue stores one URL per image, `/images/{kind}/{key}.webp`
 * (the largest width); scripts/images.ts writes every width in AVIF and WebP beside it as
 * `/images/{kind}/{key}-{width}.{avif|webp}`. Foreign URLs are used as they are.
 */

export interface ImageKind {
  widths: readonly number[];
  /** Intrinsic size of the largest width. */
  width: number;
  height: number;
}

export const IMAGE_KINDS = {
  products: { widths: [200, 400, 800], width: 800, height: 800 },
  categories: { widths: [160, 320], width: 320, height: 320 },
  hero: { widths: [960, 1440, 1920], width: 1920, height: 640 },
  'hero-mobile': { widths: [400, 800], width: 800, height: 600 },
  promo: { widths: [300, 600], width: 600, height: 900 },
} as const satisfies Record<string, ImageKind>;

export type ImageKindName = keyof typeof IMAGE_KINDS;

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
export const LOGO_IMAGE = '/images/logo.svg';

export interface ResponsiveImage {
  src: string;
  width: number;
  height: number;
  /** Present only for our own artwork. */
  avifSrcset?: string;
  webpSrcset?: string;
}

const OWN_IMAGE = /^\/images\/([a-z-]+)\/([a-z0-9-]+)\.webp$/;

export function imageUrl(kind: ImageKindName, key: string): string {
  return `/images/${kind}/${key}.webp`;
}

export function responsiveImage(url: string | undefined): ResponsiveImage {
  if (!url) return { src: PLACEHOLDER_IMAGE, width: 800, height: 800 };
  const match = OWN_IMAGE.exec(url);
  const kind = match && (IMAGE_KINDS as Record<string, ImageKind>)[match[1]];
  if (!match || !kind) return { src: url, width: 800, height: 800 };
  const base = `/images/${match[1]}/${match[2]}`;
  const srcset = (ext: string) => kind.widths.map((w) => `${base}-${w}.${ext} ${w}w`).join(', ');
  return {
    src: url,
    width: kind.width,
    height: kind.height,
    avifSrcset: srcset('avif'),
    webpSrcset: srcset('webp'),
  };
}
