/**
 * Uploading pictures: a phone's JPEG comes out upright and without its EXIF (no GPS position), a
 * transparent PNG on white, every width of its kind in WebP and AVIF; the same photo twice is one
 * picture; the real type is read from the bytes, so an SVG, an HTML page named .jpg or a GIF is
 * refused in words, as are an empty or broken file, a body past 10 MB (announced or streamed) and
 * a decompression bomb; only members who edit the catalogue may upload, and each upload leaves its
 * audit row.
 */
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_KINDS } from '#lib/images.ts';
import { readAudit } from '#server/staff/audit.ts';
import { PICTURE_TEXT } from '#server/pictures/process.ts';
import { fromClient } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { STAFF_ORIGIN, useStaffApi } from '#server/test/staff.ts';

const MB = 1024 * 1024;

/** A landscape photo, red on its left half and blue on its right. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: width / 2, height, channels: 3, background: '#0000ff' } }, left: width / 2, top: 0 }])
    .png()
    .toBuffer();

/** What a phone writes: a landscape sensor image turned by EXIF orientation 6 (shown portrait), with the camera and a GPS position. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp(await halves(600, 300))
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'P1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '74/1 20/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A tiny PNG whose header claims `width` × `height` pixels (its IHDR rewritten, checksum and all). */
async function bomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The pixel at (x, y) of a WebP, as [r, g, b]. */
async function pixel(webp: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 3;
  return [...data.subarray(at, at + 3)];
}

const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]) <= 40);

describe.each(testDatabases)('picture uploads on $name', (target) => {
  const database = useDatabase(target);
  const dir = mkdtempSync(join(tmpdir(), 'kiryana-pictures-'));
  const api = useStaffApi(database, { picturesDir: dir });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const upload = async (cookie: string | undefined, body: Buffer | ReadableStream<Uint8Array>, options: { kind?: string; type?: string; headers?: Record<string, string>; origin?: string } = {}) => {
    const headers: Record<string, string> = { 'Content-Type': options.type ?? 'image/jpeg', Origin: options.origin ?? STAFF_ORIGIN, ...options.headers };
    if (cookie) headers.Cookie = `kiryana_staff=${cookie}`;
    const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers, body: body instanceof ReadableStream ? body : new Uint8Array(body), ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) };
    const res = await api().accounts.app.request(`/api/staff/pictures?kind=${options.kind ?? 'products'}`, init, fromClient('10.201.0.1'));
    return { status: res.status, headers: res.headers, body: (await res.json()) as { success: boolean; data?: { image: string }; message?: string; errors?: Record<string, string> } };
  };
  const stored = (image: string) => readFile(join(dir, image.replace(/^\/images\//, '')));

  it('makes a phone photo upright, fitted on white, at every width in WebP and AVIF, without its EXIF or GPS', async () => {
    const editor = await api().member('editor');
    const photo = await phoneJpeg();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD's tag

    const reply = await upload(editor.cookie, photo);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ success: true, data: { image: expect.stringMatching(/^\/images\/products\/up-[0-9a-f]{16}\.webp$/) } });
    const image = reply.body.data!.image;
    const key = image.slice('/images/products/'.length, -'.webp'.length);
    const names = (await readdir(join(dir, 'products'))).filter((n) => n.startsWith(key)).sort();
    expect(names).toEqual([`${key}.webp`, ...IMAGE_KINDS.products.widths.flatMap((w) => [`${key}-${w}.avif`, `${key}-${w}.webp`])].sort());
    for (const name of names) {
      const meta = await sharp(await readFile(join(dir, 'products', name))).metadata();
      const width = Number(/-(\d+)\./.exec(name)?.[1] ?? 800);
      expect([meta.width, meta.height], name).toEqual([width, width]);
      expect(meta.exif, name).toBeUndefined();
      expect(meta.orientation, name).toBeUndefined();
    }
    // Shown portrait: red above, blue below, white either side of it.
    const largest = await stored(image);
    expect(near(await pixel(largest, 400, 200), [255, 0, 0])).toBe(true);
    expect(near(await pixel(largest, 400, 600), [0, 0, 255])).toBe(true);
    expect(near(await pixel(largest, 40, 400), [255, 255, 255])).toBe(true);

    const { rows } = await readAudit(database().db, { action: 'picture.upload', recordId: image, limit: 5 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffId: editor.id, recordKind: 'picture', before: null, after: { image, bytes: photo.length, width: 300, height: 600 } });

    // The same photo again is the same picture.
    const again = await upload(editor.cookie, photo);
    expect(again.body.data!.image).toBe(image);
  });

  it('puts a transparent PNG on white, and a WebP for a category at its own widths', async () => {
    const { cookie } = await api().member('manager');
    const png = await sharp({ create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 200, height: 200, channels: 4, background: '#00ff00' } }, left: 100, top: 100 }])
      .png()
      .toBuffer();
    const fromPng = await upload(cookie, png, { type: 'image/png' });
    expect(fromPng.status).toBe(201);
    const largest = await stored(fromPng.body.data!.image);
    expect(near(await pixel(largest, 20, 20), [255, 255, 255])).toBe(true);
    expect(near(await pixel(largest, 400, 400), [0, 255, 0])).toBe(true);

    const webp = await sharp(await halves(640, 320)).webp().toBuffer();
    // The Content-Type is advisory: the bytes say WebP.
    const category = await upload(cookie, webp, { kind: 'categories', type: 'application/octet-stream' });
    expect(category.status).toBe(201);
    expect(category.body.data!.image).toMatch(/^\/images\/categories\/up-[0-9a-f]{16}\.webp$/);
    const key = category.body.data!.image.slice('/images/categories/'.length, -'.webp'.length);
    for (const w of IMAGE_KINDS.categories.widths) {
      for (const ext of ['webp', 'avif']) expect((await sharp(await readFile(join(dir, 'categories', `${key}-${w}.${ext}`))).metadata()).width).toBe(w);
    }
  });

  it('refuses anything but a JPEG, PNG or WebP by its bytes, whatever its name or type says', async () => {
    const { cookie } = await api().member('editor');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><title>photo.jpg</title><script>alert(document.cookie)</script>');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } }).gif().toBuffer();
    for (const [body, type] of [[svg, 'image/svg+xml'], [html, 'image/jpeg'], [gif, 'image/gif']] as const) {
      const reply = await upload(cookie, body, { type });
      expect(reply.status, type).toBe(415);
      expect(reply.body).toMatchObject({ success: false, message: PICTURE_TEXT.type });
    }
    expect(await readdir(join(dir, 'products')).catch(() => [])).not.toContainEqual(expect.stringMatching(/\.(svg|html|gif)$/));
  });

  it('refuses an empty or broken file, and a bad kind, with a 400 in words', async () => {
    const { cookie } = await api().member('editor');
    const empty = await upload(cookie, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(PICTURE_TEXT.unreadable);
    const cut = (await phoneJpeg()).subarray(0, 200);
    const broken = await upload(cookie, cut);
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(PICTURE_TEXT.unreadable);
    const kind = await upload(cookie, await phoneJpeg(), { kind: '..%2Fetc' });
    expect(kind.status).toBe(400);
    expect(kind.body.errors).toHaveProperty('kind');
  });

  it('refuses a body past 10 MB, announced or streamed without end, and a bomb of pixels, without reading them', async () => {
    const { cookie } = await api().member('editor');
    // 200 MB announced: refused before a byte is read.
    const announced = await upload(cookie, new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(MB)) }), { headers: { 'Content-Length': String(200 * MB) } });
    expect(announced.status).toBe(413);
    expect(announced.body.message).toBe(PICTURE_TEXT.tooLarge);
    // Streamed without a length and without end: cut at the limit.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += MB;
        c.enqueue(new Uint8Array(MB).fill(0xff));
      },
    });
    const streamed = await upload(cookie, endless);
    expect(streamed.status).toBe(413);
    expect(streamed.headers.get('connection')).toBe('close');
    expect(pulled).toBeLessThanOrEqual(12 * MB);
    // A few hundred bytes that claim 30000 × 30000 pixels.
    const huge = await bomb(30000, 30000);
    expect(huge.length).toBeLessThan(1024);
    const bombed = await upload(cookie, huge, { type: 'image/png' });
    expect(bombed.status).toBe(413);
    expect(bombed.body.message).toBe(PICTURE_TEXT.tooManyPixels);
  });

  it('lets only members who edit the catalogue upload, from the shop’s own pages', async () => {
    const photo = await phoneJpeg();
    const packer = await api().member('packer');
    expect((await upload(packer.cookie, photo)).status).toBe(403);
    expect((await upload(undefined, photo)).status).toBe(401);
    const editor = await api().member('editor');
    expect((await upload(editor.cookie, photo, { origin: 'https://evil.example' })).status).toBe(403);
  });
});
