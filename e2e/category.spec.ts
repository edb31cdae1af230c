import { test, expect } from './fixtures.ts';

test.describe('category page', () => {
  test('lists every product of the category, by id and by name', async ({ page, catalog }) => {
    const [category] = await catalog.categories();
    const products = (await catalog.products()).filter((p) => p.categoryId === category._id);
    for (const path of [`/category/${category._id}/`, `/category/${encodeURIComponent(category.name)}/`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
      const ids = await page.getByTestId('product-grid').getByTestId('product-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')));
      expect(ids.sort()).toEqual(products.map((p) => p._id).slice(0, 48).sort());
      await expect(page.getByTestId('result-count')).toContainText(`of ${products.length} products`);
    }
  });

  test('the header categories link to their pages', { tag: '@widths' }, async ({ page, catalog, isMobile }) => {
    const categories = await catalog.categories();
    const target = categories[categories.length - 1];
    await page.goto('/');
    if (isMobile || (page.viewportSize()?.width ?? 0) < 768) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: target.name }).click();
    } else {
      // Every category is in the Categories menu; the quick links beside it show only the first few.
      await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Categories' }).click();
      await page.getByRole('menu', { name: 'Categories' }).getByRole('menuitem', { name: target.name }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/category/${target._id}/$`));
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  });
});
