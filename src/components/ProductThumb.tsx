/**
 * A product's small picture in an island: the artwork's smaller widths when it is ours, and the
 * placeholder when the image fails to load, so a broken image never shows.
 */
import { useState } from 'react';
import { PLACEHOLDER_IMAGE, responsiveImage } from '#lib/images.ts';

interface Props {
  src: string | undefined;
  /** Rendered width in CSS pixels, for `sizes`. */
  size: number;
  className?: string;
}

export function ProductThumb({ src, size, className = '' }: Props) {
  const [broken, setBroken] = useState(false);
  const image = responsiveImage(broken ? undefined : src);
  return (
    <img
      src={broken ? PLACEHOLDER_IMAGE : image.src}
      srcSet={broken ? undefined : image.webpSrcset}
      sizes={image.webpSrcset && !broken ? `${size}px` : undefined}
      alt=""
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      data-fallback={broken ? '1' : undefined}
      onError={() => setBroken(true)}
      className={`bg-stone-100 object-cover ${className}`}
    />
  );
}
