import { describe, expect, it } from 'vitest';
import { describeIdentical, findIdenticalImages, type ProductImage } from './duplicates.ts';

const pepsi = { _id: 'pepsi-1-5l', name: 'Pepsi 1.5L', brand: 'Pepsi' };
const coke = { _id: 'coca-cola-1-5l', name: 'Coca-Cola 1.5L', brand: 'Coca-Cola' };
const surfBig = { _id: 'surf-1kg', name: 'Surf Excel Washing Powder 1kg', brand: 'Surf Excel' };
const surfSmall = { _id: 'surf-500g', name: 'Surf Excel Washing Powder 500g', brand: 'Surf Excel' };

const image = (product: ProductImage['product'], image: string, content: string): ProductImage => ({ product, image, content });

describe('findIdenticalImages', () => {
  it('finds two products that are not variants sharing an image', () => {
    const found = findIdenticalImages([image(pepsi, 'pepsi', '<svg>cup</svg>'), image(coke, 'coke', '<svg>cup</svg>'), image(pepsi, 'pepsi-alt', '<svg>a</svg>')]);
    expect(describeIdentical(found)).toEqual(['pepsi-1-5l (pepsi) = coca-cola-1-5l (coke)']);
  });

  it('lets variants of each other share an image', () => {
    expect(findIdenticalImages([image(surfBig, 'a', '<svg>box</svg>'), image(surfSmall, 'b', '<svg>box</svg>')])).toEqual([]);
  });

  it('finds a product whose two images are the same', () => {
    const found = findIdenticalImages([image(pepsi, 'pepsi', '<svg>x</svg>'), image(pepsi, 'pepsi-alt', '<svg>x</svg>')]);
    expect(found).toHaveLength(1);
  });

  it('finds a group where variants share an image with a third product', () => {
    const found = findIdenticalImages([image(surfBig, 'a', 's'), image(surfSmall, 'b', 's'), image(pepsi, 'c', 's')]);
    expect(found[0].images.map((i) => i.image)).toEqual(['a', 'b', 'c']);
  });

  it('finds nothing when every image differs', () => {
    expect(findIdenticalImages([image(pepsi, 'a', '1'), image(coke, 'b', '2'), image(pepsi, 'c', '3')])).toEqual([]);
  });
});
