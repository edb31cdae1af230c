/**
 * The rules of uploaded pictures that the staff pages and the API share: what is taken (JPEG, PNG
 * or WebP, at most 10 MB and 50 million pixels) and the words a refusal uses. The browser checks
 * the type and size before sending (the server reads the real type from the bytes all the same).
 */

export type PictureKind = 'products' | 'categories';
export const PICTURE_KINDS = ['products', 'categories'] as const satisfies readonly PictureKind[];

/** What the file chooser offers, and what the API takes. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The largest upload taken, in bytes. */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels a picture may have (a 50-megapixel phone photo fits): a few kilobytes of PNG can
 * claim 30000 × 30000 pixels, and decoding that would take gigabytes of memory.
 */
export const MAX_PICTURE_PIXELS = 50_000_000;

export const PICTURE_TEXT = {
  type: 'Please choose a JPEG, PNG or WebP picture.',
  tooLarge: `This picture is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB. Please choose a smaller one.`,
  tooManyPixels: `This picture has more than ${MAX_PICTURE_PIXELS / 1_000_000} million pixels. Please choose a smaller one.`,
  unreadable: 'This picture could not be read. Please choose another.',
  busy: 'Many pictures are being made just now. Please try again in a minute.',
} as const;

/**
 * Why the browser need not send a file (its type or size), or null to send it. A file without a
 * type (some phones' galleries give none) is sent, and its bytes decide.
 */
export function pictureRefusal(file: { type: string; size: number }): string | null {
  if (file.type && !(PICTURE_TYPES as readonly string[]).includes(file.type)) return PICTURE_TEXT.type;
  if (file.size > MAX_PICTURE_BYTES) return PICTURE_TEXT.tooLarge;
  if (file.size === 0) return PICTURE_TEXT.unreadable;
  return null;
}
