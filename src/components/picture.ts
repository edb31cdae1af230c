import { attr } from '#lib/html.ts';
import { responsiveImage } from '#lib/images.ts';

export interface PictureOptions {
  src: string | undefined;
  alt: string;
  sizes: string;
  class?: string;
  /** The picture is among the first a page shows: it loads at once (and first, unless `priority` is false). */
  eager?: boolean;
  /** `fetchpriority="high"`; an eager picture's by default. */
  priority?: boolean;
}

/**
 * Our artwork as <picture> with AVIF and WebP widths; foreign URLs as a plain <img>. The one source
 * of a product picture's markup: Picture.astro, the product page's gallery and the product card.
 */
export function pictureHtml({ src, alt, sizes, class: className, eager = false, priority = eager }: PictureOptions): string {
  const image = responsiveImage(src);
  const source = (type: string, srcset: string | undefined) => (srcset ? `<source type="image/${type}"${attr('srcset', srcset)}${attr('sizes', sizes)}>` : '');
  return (
    `<picture>${source('avif', image.avifSrcset)}${source('webp', image.webpSrcset)}` +
    `<img${attr('src', image.src)}${attr('alt', alt)}${attr('width', image.width)}${attr('height', image.height)}${attr('loading', eager ? 'eager' : 'lazy')}${attr('fetchpriority', priority ? 'high' : undefined)} decoding="async"${attr('class', className)}></picture>`
  );
}
