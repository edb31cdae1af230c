import { attr } from '#lib/html.ts';
import { responsiveImage } from '#lib/images.ts';

export interface PictureOptions {
  src: string | undefined;
  alt: string;
  sizes: string;
  class?: string;
  eager?: boolean;
}

/** Our artwork as <picture> with AVIF and WebP widths; foreign URLs as a plain <img> (Picture.astro). */
export function pictureHtml({ src, alt, sizes, class: className, eager = false }: PictureOptions): string {
  const image = responsiveImage(src);
  const source = (type: string, srcset: string | undefined) => (srcset ? `<source type="image/${type}"${attr('srcset', srcset)}${attr('sizes', sizes)}>` : '');
  return (
    `<picture>${source('avif', image.avifSrcset)}${source('webp', image.webpSrcset)}` +
    `<img${attr('src', image.src)}${attr('alt', alt)}${attr('width', image.width)}${attr('height', image.height)}${attr('loading', eager ? 'eager' : 'lazy')}${attr('fetchpriority', eager ? 'high' : undefined)} decoding="async"${attr('class', className)}></picture>`
  );
}
