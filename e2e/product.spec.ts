import { test, expect, rs } from './fixtures.ts';

test.describe('product page', () => {
  test('shows a discounted product with its price, discount, stock and details', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.discount > 0 && p.stock > 5);
    await page.goto(`/product/${product._id}/`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const main = page.locator('main');
    await expect(main.getByTestId('price').first()).toHaveText(rs(product.price - product.discount));
    await expect(main.locator('s').first()).toContainText(rs(product.price));
    await expect(page.getByTestId('discount-percent')).toHaveText(`${Math.round((product.discount / product.price) * 100)}% OFF`);
    await expect(main.getByTestId('stock-badge').first()).toHaveText('In Stock');
    const promises = page.getByTestId('promises');
    await expect(promises.getByText('Free delivery', { exact: true })).toBeVisible();
    await expect(promises.getByText('On every order, to your door')).toBeVisible();
    await expect(promises.getByText('Easy returns within 7 days')).toBeVisible();
    await expect(promises.getByText('1-year warranty')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  });

  test('says Only N left! when 1 to 5 are in stock, and Out of Stock at 0', async ({ page, catalog }) => {
    const low = await catalog.find((p) => p.stock >= 1 && p.stock <= 5);
    await page.goto(`/product/${low._id}/`);
    await expect(page.locator('main').getByTestId('stock-badge').first()).toHaveText(`Only ${low.stock} left!`);
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveAttribute('max', String(Math.min(10, low.stock)));

    const out = await catalog.find((p) => p.stock <= 0);
    await page.goto(`/product/${out._id}/`);
    await expect(page.locator('main').getByTestId('stock-badge').first()).toHaveText('Out of Stock');
    await expect(page.getByRole('button', { name: 'Out of Stock' }).first()).toBeDisabled();
  });

  test('gallery thumbnails, tabs, reviews and related products', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.numWrittenReviews > 0 && p.images.length > 1);
    const detail = await catalog.product(product._id);
    await page.goto(`/product/${product._id}/`);
    const gallery = page.getByTestId('gallery');
    const visibleSrc = () => gallery.locator('.gallery-slide:visible img').evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(await visibleSrc()).toContain(detail.images[0].replace(/\.webp$/, ''));
    await gallery.locator('label.gallery-thumb').nth(1).click();
    await expect.poll(visibleSrc).toContain(detail.images[1].replace(/\.webp$/, ''));

    await page.getByText('Specifications', { exact: true }).click();
    for (const spec of detail.specifications) await expect(page.getByText(spec.value, { exact: true }).first()).toBeVisible();
    await page.getByText('Shipping', { exact: true }).click();
    await expect(page.getByText('Free delivery on every order.')).toBeVisible();
    await expect(page.getByText('Standard delivery: 2-3 business days across Pakistan.')).toBeVisible();
    await expect(page.getByText('Express delivery: 1-2 business days for Rs. 500 extra.')).toBeVisible();

    await expect(page.getByTestId('related-products').getByTestId('product-card')).toHaveCount(detail.relatedProducts.length);
    const related = await page.getByTestId('related-products').getByTestId('product-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')));
    expect(related).toEqual(detail.relatedProducts.map((p) => p._id));
    for (const review of detail.reviews) await expect(page.getByTestId('reviews').getByText(review.comment)).toBeVisible();
  });

  test('the three tab names share one row and each keeps its name on one line', { tag: '@widths' }, async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 0);
    await page.goto(`/product/${product._id}/`);
    const labels = page.locator('.tabset > label');
    await expect(labels).toHaveText(['Description', 'Specifications', 'Shipping']);
    const boxes = await labels.evaluateAll((els) => els.map((el) => ({ top: Math.round(el.getBoundingClientRect().top), height: el.getBoundingClientRect().height, text: el.scrollWidth <= el.clientWidth })));
    expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
    for (const box of boxes) expect(box.text).toBe(true);
    expect(new Set(boxes.map((b) => b.height)).size).toBe(1);
    const tabset = (await page.locator('.tabset').boundingBox())!;
    const last = (await labels.last().boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(tabset.x + tabset.width);
  });

  test('says "4.3 (212 ratings) · 3 reviews" as the API counts them, with the breakdown by stars', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.numRatings > 1 && p.numWrittenReviews > 1);
    expect(product.reviews).toHaveLength(product.numWrittenReviews);
    await page.goto(`/product/${product._id}/`);
    const rating = product.rating.toFixed(1);
    await expect(page.getByTestId('rating-headline')).toHaveText(`${rating} (${product.numRatings.toLocaleString('en-US')} ratings) · ${product.numWrittenReviews} reviews`);
    await expect(page.getByTestId('rating-headline').getByRole('link', { name: `${product.numWrittenReviews} reviews` })).toHaveAttribute('href', '#reviews');
    await expect(page.locator('main').getByRole('img', { name: `Rated ${rating} out of 5` }).first()).toBeVisible();

    const breakdown = page.getByTestId('rating-breakdown');
    await expect(breakdown).toContainText(`${product.numRatings.toLocaleString('en-US')} ratings`);
    for (const star of ['5', '4', '3', '2', '1'] as const) {
      const n = product.ratingsByStar[star];
      const row = breakdown.locator(`[data-stars="${star}"]`);
      await expect(row).toContainText(`${star} ${star === '1' ? 'star' : 'stars'}`);
      await expect(row.getByTestId('star-count')).toHaveText(`${n.toLocaleString('en-US')} ${n === 1 ? 'rating' : 'ratings'}`);
    }
    await expect(page.getByTestId('reviews').getByTestId('review')).toHaveCount(product.numWrittenReviews);
    await expect(page.getByText('No written reviews yet', { exact: false })).toHaveCount(0);

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld.aggregateRating).toMatchObject({ ratingValue: product.rating, ratingCount: product.numRatings, reviewCount: product.numWrittenReviews });
    // schema.org's default scale (1 to 5), so not written.
    expect(ld.aggregateRating.bestRating).toBeUndefined();
  });

  test('a rated product without written reviews, and a product nobody has rated yet', async ({ page, catalog }) => {
    const rated = await catalog.find((p) => p.numRatings > 1 && p.numWrittenReviews === 0);
    await page.goto(`/product/${rated._id}/`);
    await expect(page.getByTestId('rating-headline')).toHaveText(`${rated.rating.toFixed(1)} (${rated.numRatings.toLocaleString('en-US')} ratings) · 0 reviews`);
    await expect(page.getByTestId('rating-breakdown')).toBeVisible();
    await expect(page.getByTestId('reviews').getByText('No written reviews yet.', { exact: false })).toBeVisible();

    const unrated = await catalog.find((p) => p.numRatings === 0);
    await page.goto(`/product/${unrated._id}/`);
    await expect(page.getByTestId('rating-headline')).toHaveText('No ratings yet');
    await expect(page.getByTestId('rating-breakdown')).toHaveCount(0);
    await expect(page.getByTestId('reviews').getByText('No ratings yet.', { exact: false })).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld.aggregateRating).toBeUndefined();
  });

  test('product cards show the stars with the ratings count', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.numRatings > 1 && p.numWrittenReviews > 0);
    await page.goto(`/product/${product._id}/`);
    for (const related of product.relatedProducts) {
      const card = page.getByTestId('related-products').locator(`[data-product-id="${related._id}"]`);
      if (related.numRatings === 0) {
        await expect(card.getByTestId('card-rating')).toHaveText('No ratings yet');
      } else {
        await expect(card.getByTestId('card-rating')).toHaveText(`(${related.numRatings.toLocaleString('en-US')} ${related.numRatings === 1 ? 'rating' : 'ratings'})`);
        await expect(card.getByRole('img', { name: `Rated ${related.rating.toFixed(1)} out of 5` })).toBeVisible();
      }
    }
  });

  test('carries Product JSON-LD, canonical URL and Open Graph tags, none of them with a price or stock', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 0);
    await page.goto(`/product/${product._id}/`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(product.name);
    // Price and stock change without a rebuild (the page reads them live): the HTML states neither.
    expect(ld.offers).toBeUndefined();
    await expect(page).toHaveTitle(`${product.name} | Kiryana`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${product.name} | Kiryana`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/product/${product._id}/$`));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
  });

  test('an unknown product says Product Not Found and Go Back returns', async ({ page }) => {
    await page.goto('/');
    const reply = await page.goto('/product/no-such-product-123/');
    expect(reply?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
    await expect(page.getByText("The product you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
