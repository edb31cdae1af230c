import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eagerIslandEntries, moduleClosure, pageScriptEntries, preloadEagerIslands, preloadPageScripts, staticImports, withModulePreloads } from './island-preload.ts';

const island = (client: string, component: string) =>
  `<astro-island uid="x" component-url="${component}" component-export="default" renderer-url="/_astro/client.js" props="{}" ssr client="${client}" opts="{}" await-children></astro-island>`;

const modules: Record<string, string> = {
  '/_astro/Search.js': 'import{t as e}from"./react.js";import"./shop.js";const l=()=>import("./later.js");export{e};',
  '/_astro/client.js': 'import{a}from"./react.js";export*from"./dom.js";',
  '/_astro/react.js': 'export const t=1;',
  '/_astro/dom.js': 'import"./react.js";export const a=2;',
  '/_astro/shop.js': 'export{}',
  '/_astro/later.js': 'export{}',
  '/_astro/Gallery.js': 'import"./swiper.js";',
};
const read = async (url: string) => {
  if (!(url in modules)) throw new Error(`no ${url}`);
  return modules[url];
};

describe('island preloads', () => {
  it('finds the component and renderer of islands that start at once, not of those that wait', () => {
    const html = island('only', '/_astro/Search.js') + island('load', '/_astro/Cart.js') + island('visible', '/_astro/Gallery.js') + island('interact', '/_astro/Suggest.js');
    expect(eagerIslandEntries(html)).toEqual(['/_astro/Search.js', '/_astro/client.js', '/_astro/Cart.js']);
    expect(eagerIslandEntries(island('idle', '/_astro/A.js'))).toEqual([]);
  });

  it('follows static imports and re-exports, not import()', async () => {
    expect(staticImports(modules['/_astro/Search.js'], '/_astro/Search.js')).toEqual(['/_astro/react.js', '/_astro/shop.js']);
    const closure = await moduleClosure(['/_astro/Search.js', '/_astro/client.js'], read);
    expect(closure.sort()).toEqual(['/_astro/Search.js', '/_astro/client.js', '/_astro/dom.js', '/_astro/react.js', '/_astro/shop.js']);
  });

  it('writes each link once, in the head', () => {
    const html = '<html><head><title>t</title></head><body></body></html>';
    const once = withModulePreloads(html, ['/_astro/a.js', '/_astro/b.js']);
    expect(once).toBe('<html><head><title>t</title><link rel="modulepreload" href="/_astro/a.js"><link rel="modulepreload" href="/_astro/b.js"></head><body></body></html>');
    expect(withModulePreloads(once, ['/_astro/a.js'])).toBe(once);
  });

  it('leaves a page without such islands as it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'preload-'));
    const plain = join(dir, 'plain.html');
    const search = join(dir, 'search.html');
    await writeFile(plain, `<html><head></head><body>${island('visible', '/_astro/Gallery.js')}</body></html>`);
    await writeFile(search, `<html><head></head><body>${island('only', '/_astro/Search.js')}</body></html>`);
    expect(await preloadEagerIslands(plain, read)).toBe(0);
    expect(await readFile(plain, 'utf8')).not.toContain('modulepreload');
    expect(await preloadEagerIslands(search, read)).toBe(5);
    expect((await readFile(search, 'utf8')).match(/rel="modulepreload"/g)).toHaveLength(5);
  });
});

describe('preloads of a listing page’s own scripts', () => {
  const page = (body: string) => `<html><head></head><body>${body}</body></html>`;
  const script = (src: string) => `<script type="module" src="${src}"></script>`;

  it('lists the scripts a page runs at load, not those kept in a template for later', () => {
    const html = page(script('/_astro/Search.js') + `<template data-later="x">${script('/_astro/later.js')}</template>` + script('/_astro/shop.js') + script('/_astro/shop.js'));
    expect(pageScriptEntries(html)).toEqual(['/_astro/Search.js', '/_astro/shop.js']);
  });

  it('writes the closure of the first page’s scripts into every page of the route', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'preload-pages-'));
    const files = [join(dir, 'a.html'), join(dir, 'b.html')];
    for (const file of files) await writeFile(file, page(script('/_astro/Search.js')));
    expect(await preloadPageScripts(files, read)).toBe(2);
    for (const file of files) {
      const html = await readFile(file, 'utf8');
      for (const url of ['/_astro/Search.js', '/_astro/react.js', '/_astro/shop.js']) expect(html).toContain(`<link rel="modulepreload" href="${url}">`);
      expect(html).not.toContain('later.js');
    }
    expect(await preloadPageScripts([], read)).toBe(0);
  });
});
