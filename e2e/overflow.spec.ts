/**
 * No page is wider than a 320 px screen: every built page (the sitemap's, plus category pages by
 * name, the cart and the error page's two variants) is opened in one browser tab at 320 px and its
 * document must not scroll sideways. Runs once, in the phone project.
 */
import { test, expect } from './fixtures.ts';
import { builtPages } from './site.ts';

const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 640 } });

test('no built page scrolls sideways at 320 px', { tag: '@phone-only' }, async ({ page, request }) => {
  const { sitemap, unlisted } = await builtPages(request);
  const all = [...sitemap, ...unlisted];
  // Every page is a short local load; the whole store takes a few minutes on a busy machine.
  test.setTimeout(60_000 + all.length * 5_000);
  const tooWide: string[] = [];
  for (const path of all) {
    await page.goto(path, { waitUntil: 'load' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > WIDTH) tooWide.push(`${path}: ${width} px`);
  }
  console.log(`Checked ${all.length} pages at ${WIDTH} px.`);
  expect(tooWide).toEqual([]);
});
