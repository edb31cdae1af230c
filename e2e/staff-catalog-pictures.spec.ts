/**
 * The picture field on the product form, in a real browser against the real API: an editor adds
 * several pictures at once (a phone photo, a PNG) while a GIF named .jpg, an SVG and a file past
 * 10 MB are each refused in words beside their names; the first picture is marked "Main picture";
 * pictures are moved with the keyboard (the focus stays on the picture moved), made main and
 * removed; files are dropped on the field and a picture is dragged to another place. The
 * uploads are served by the store, immutable, from beside the data. With STAFF_SCREENSHOTS=<dir>
 * the field is photographed there.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { PICTURE_TEXT } from '#lib/pictures.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { readyMember } from './staff.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

async function look(page: Page, info: TestInfo, name: string) {
  const dir = process.env.STAFF_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${info.project.name}.png`, fullPage: true });
}

/** A picture of one colour with a square of another, so each upload is a picture of its own. */
const picture = (format: 'jpeg' | 'png' | 'gif', colour: string, withExif = false) => {
  const made = sharp({ create: { width: 900, height: 600, channels: 3, background: colour } }).composite([
    { input: { create: { width: 200, height: 200, channels: 3, background: '#ffffff' } }, left: 350, top: 200 },
  ]);
  if (format === 'jpeg') return (withExif ? made.jpeg().withExif({ IFD0: { Make: 'Kiryana Test Phone', Model: 'KTP 1' } }) : made.jpeg()).toBuffer();
  return format === 'png' ? made.png().toBuffer() : made.gif().toBuffer();
};

/** The picture field's thumbnails' image URLs, in order. */
const order = (field: Locator) => field.locator('.picture-item img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));

async function openNewProduct(page: Page) {
  await page.goto('/staff/product/');
  await expect(page.getByTestId('product-title')).toHaveText('New product');
  return page.getByTestId('product-pictures');
}

test.describe('the picture field', () => {
  test('adds several pictures at once, refuses the wrong ones in words, and is ordered by keyboard @widths', async ({ page, mailbox }, info) => {
    await readyMember(page, mailbox, 'editor');
    const field = await openNewProduct(page);
    const chooser = field.getByLabel('Choose pictures');
    await expect(chooser).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await expect(chooser).toHaveAttribute('multiple', '');
    expect(await chooser.getAttribute('capture')).toBeNull();

    await chooser.setInputFiles([
      { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', '#c0392b', true) },
      { name: 'pack-shot.png', mimeType: 'image/png', buffer: await picture('png', '#2e86c1') },
      { name: 'animation.jpg', mimeType: 'image/jpeg', buffer: await picture('gif', '#27ae60') },
      { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff) },
    ]);
    const uploads = field.getByRole('list', { name: 'Pictures being added' });
    await expect(uploads.getByRole('listitem').filter({ hasText: 'logo.svg' })).toContainText(PICTURE_TEXT.type);
    await expect(uploads.getByRole('listitem').filter({ hasText: 'huge.jpg' })).toContainText(PICTURE_TEXT.tooLarge);
    // Its name says JPEG; its bytes say GIF: the store refuses it.
    await expect(uploads.getByRole('listitem').filter({ hasText: 'animation.jpg' })).toContainText(PICTURE_TEXT.type);
    await expect(field.locator('.picture-item')).toHaveCount(2);
    const [photo, pack] = await order(field);
    expect(photo).toMatch(/^\/images\/products\/up-[0-9a-f]{16}\.webp$/);
    expect(pack).toMatch(/^\/images\/products\/up-[0-9a-f]{16}\.webp$/);
    await expect(field.getByRole('group', { name: 'Picture 1, the main picture' })).toContainText('Main picture');
    await expect(field.locator('.picture-main')).toHaveCount(1);

    // The store serves each upload, for a year, from beside the data.
    const served = await page.request.get(photo!.replace('.webp', '-400.avif'));
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/avif');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await expect(field.locator('.picture-item img').first()).toHaveJSProperty('complete', true);
    expect(await field.locator('.picture-item img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await look(page, info, 'picture-field');

    // By keyboard: the focus stays on the picture moved.
    await field.getByRole('group', { name: 'Picture 1, the main picture' }).getByRole('button', { name: 'Move right' }).focus();
    await page.keyboard.press('Enter');
    expect(await order(field)).toEqual([pack, photo]);
    const moved = field.getByRole('group', { name: 'Picture 2' });
    await expect(moved.getByRole('button', { name: 'Move left' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await order(field)).toEqual([photo, pack]);
    await expect(field.getByRole('group', { name: 'Picture 1, the main picture' }).getByRole('button', { name: 'Move right' })).toBeFocused();

    await field.getByRole('group', { name: 'Picture 2' }).getByRole('button', { name: 'Make main' }).click();
    expect(await order(field)).toEqual([pack, photo]);
    await field.getByRole('group', { name: 'Picture 1, the main picture' }).getByRole('button', { name: 'Remove' }).click();
    expect(await order(field)).toEqual([photo]);
    await expect(field.getByRole('group', { name: 'Picture 1, the main picture' })).toBeVisible();

    // The same photo again is the same picture: nothing is added twice.
    await chooser.setInputFiles({ name: 'IMG_2041 copy.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', '#c0392b', true) });
    await expect(field.getByRole('status')).toHaveText('IMG_2041 copy.jpg added.');
    expect(await order(field)).toEqual([photo]);
  });

  test('takes files dropped on it and a picture dragged to another place @widths', async ({ page, mailbox }, info) => {
    await readyMember(page, mailbox, 'editor');
    const field = await openNewProduct(page);
    const files = [
      { name: 'one.png', type: 'image/png', bytes: [...(await picture('png', '#8e44ad'))] },
      { name: 'two.png', type: 'image/png', bytes: [...(await picture('png', '#f39c12'))] },
      { name: 'three.png', type: 'image/png', bytes: [...(await picture('png', '#16a085'))] },
    ];
    const dropped = await page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const f of list) data.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
      return data;
    }, files);
    const area = field.locator('.picture-drop');
    await area.dispatchEvent('dragover', { dataTransfer: dropped });
    await expect(area).toHaveClass(/is-over/);
    await area.dispatchEvent('drop', { dataTransfer: dropped });
    await expect(field.locator('.picture-item')).toHaveCount(3);
    const [one, two, three] = await order(field);

    await field.locator('.picture-item').nth(2).dragTo(field.locator('.picture-item').nth(0));
    expect(await order(field)).toEqual([three, one, two]);
    await expect(field.locator('.picture-item').first()).toContainText('Main picture');
    await look(page, info, 'picture-field-dragged');
  });
});
