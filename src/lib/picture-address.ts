/**
 * The picture addresses the catalogue may hold, and so the only ones the pages write into their
 * meta tags and structured data: the store's own pictures (`/images/…`: letters, digits and
 * `_ . -` in segments, never `..`) and `https:` addresses of another site. Anything else
 * (`javascript:`, `//elsewhere/x.webp`, `/images/../../etc/passwd`, `http:`) is refused by the
 * catalogue files and the staff forms, and left out by the pages even when a stored row holds it.
 * No imports: the browser and the build may use it for nothing.
 */

/** The longest picture address kept. */
export const PICTURE_ADDRESS_MAX = 2000;

const OWN_PICTURE = /^\/images(\/[A-Za-z0-9_.-]+)+$/;

/** A picture the store itself serves: `/images/…`, without `..`. */
export function isOwnPicture(src: string): boolean {
  return src.length <= PICTURE_ADDRESS_MAX && OWN_PICTURE.test(src) && !src.includes('..');
}

/** A picture address a page may show and name: the store's own, or an `https:` URL (no spaces, no credentials). */
export function isPictureAddress(src: string): boolean {
  if (isOwnPicture(src)) return true;
  if (src.length > PICTURE_ADDRESS_MAX || !/^https:\/\/[A-Za-z0-9]/i.test(src) || /[\s\\\u0000-\u001f\u007f]/.test(src)) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The catalogue files' words for an address that is neither (they follow the field's name: "images: '…' is not …"). */
export function notAPicture(src: string): string {
  return `'${src.length > 60 ? `${src.slice(0, 60)}…` : src}' is not a picture of the store (/images/…) or an https:// address`;
}

/** The addresses of `list` a page may name (isPictureAddress), in their order. */
export function pictureAddresses(list: readonly string[]): string[] {
  return list.filter(isPictureAddress);
}
