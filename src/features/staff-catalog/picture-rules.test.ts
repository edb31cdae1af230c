import { describe, expect, it } from 'vitest';
import { addPicture, makeMain, movePicture, removePicture, roomFor } from './picture-rules.ts';

const photos = ['/images/products/up-a.webp', '/images/products/up-b.webp', '/images/products/up-c.webp'];
const [a, b, c] = photos;

describe('picture order', () => {
  it('moves a picture left or right, or by drag to any place, the others keeping their order', () => {
    expect(movePicture(photos, 1, 0)).toEqual([b, a, c]);
    expect(movePicture(photos, 1, 2)).toEqual([a, c, b]);
    expect(movePicture(photos, 0, 2)).toEqual([b, c, a]);
    expect(movePicture(photos, 2, 0)).toEqual([c, a, b]);
  });

  it('changes nothing for a move past either end or out of the list, and never the list it was given', () => {
    expect(movePicture(photos, 0, -1)).toEqual(photos);
    expect(movePicture(photos, 2, 3)).toEqual(photos);
    expect(movePicture(photos, 5, 0)).toEqual(photos);
    expect(movePicture(photos, 1, 1)).toEqual(photos);
    const given = [...photos];
    movePicture(given, 0, 2);
    makeMain(given, 2);
    removePicture(given, 0);
    addPicture(given, '/images/products/up-d.webp', 10);
    expect(given).toEqual(photos);
  });

  it('makes a picture the main one: first, the rest in their order', () => {
    expect(makeMain(photos, 2)).toEqual([c, a, b]);
    expect(makeMain(photos, 0)).toEqual(photos);
  });

  it('removes one picture; removing the main one makes the next the main', () => {
    expect(removePicture(photos, 1)).toEqual([a, c]);
    expect(removePicture(photos, 0)[0]).toBe(b);
    expect(removePicture(photos, 7)).toEqual(photos);
  });

  it('adds at the end, once, and not past the most allowed', () => {
    expect(addPicture(photos, '/images/products/up-d.webp', 10)).toEqual([...photos, '/images/products/up-d.webp']);
    expect(addPicture(photos, b, 10)).toEqual(photos);
    expect(addPicture(photos, '/images/products/up-d.webp', 3)).toEqual(photos);
    expect(roomFor(photos, 5)).toBe(2);
    expect(roomFor(photos, 2)).toBe(0);
  });
});
