/**
 * The order of a product's or a category's pictures, as the picture field changes it: the first is
 * the main picture (the one the shop's cards show). Every rule returns a new list and leaves the
 * one it was given alone; a move past either end, or an index out of the list, changes nothing.
 */

/** The list with the picture at `from` moved to `to` (the others keep their order). */
export function movePicture(images: readonly string[], from: number, to: number): string[] {
  const list = [...images];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return list;
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved);
  return list;
}

/** The picture at `index` made the main one (first); the others keep their order. */
export const makeMain = (images: readonly string[], index: number): string[] => movePicture(images, index, 0);

/** The list without the picture at `index`. */
export const removePicture = (images: readonly string[], index: number): string[] => images.filter((_, i) => i !== index);

/**
 * The list with `image` added at its end, unless it is there already (the same photo uploaded
 * twice is one picture) or the list is full (`max`): then the list as it was.
 */
export function addPicture(images: readonly string[], image: string, max: number): string[] {
  if (images.includes(image) || images.length >= max) return [...images];
  return [...images, image];
}

/** How many more pictures fit. */
export const roomFor = (images: readonly string[], max: number): number => Math.max(0, max - images.length);
