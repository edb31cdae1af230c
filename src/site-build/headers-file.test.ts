import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pagesToHash } from './headers-file.ts';

describe('pagesToHash', () => {
  it('takes every page of a route without parameters and the first page of one with them', () => {
    const dir = '/site';
    const urls = (...files: string[]) => files.map((file) => pathToFileURL(`${dir}/${file}`));
    const assets = new Map([
      ['/', urls('index.html')],
      ['/product/[id]', urls('product/a/index.html', 'product/b/index.html', 'product/c/index.html')],
      ['/about', urls('about/index.html')],
      ['/sitemap-[chunk].xml', urls('sitemap-0.xml', 'sitemap-1.xml')],
      ['/category/[category]/page/[page]', urls('category/x/page/2/index.html', 'category/y/page/2/index.html')],
    ]);
    expect(pagesToHash(dir, assets)).toEqual(['index.html', 'product/a/index.html', 'about/index.html', 'category/x/page/2/index.html']);
  });
});
