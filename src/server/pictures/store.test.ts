/**
 * Pictures are made one at a time: uploads arriving together wait their turn in order, and one that
 * fails does not stop the next; the same photo twice is stored once.
 */
import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PictureError } from './process.ts';
import { pictureStore, queue } from './store.ts';

describe('the pictures queue', () => {
  it('runs one job at a time, in the order given, past a failure', async () => {
    const inTurn = queue(1);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const job = (n: number, fail = false) =>
      inTurn(async () => {
        most = Math.max(most, ++running);
        await new Promise((go) => setImmediate(go));
        running--;
        if (fail) throw new Error(`job ${n}`);
        done.push(n);
        return n;
      });
    const results = await Promise.allSettled([job(1), job(2, true), job(3), job(4)]);
    expect(most).toBe(1);
    expect(done).toEqual([1, 3, 4]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  });

  it('refuses a job past the waiting ones it may hold, and takes jobs again once they ran', async () => {
    const inTurn = queue(1, 2, () => new Error('full'));
    let release!: () => void;
    const first = inTurn(() => new Promise<void>((go) => (release = go)));
    const waiting = [inTurn(async () => 2), inTurn(async () => 3)];
    await expect(inTurn(async () => 4)).rejects.toThrow('full');
    release();
    await first;
    expect(await Promise.all(waiting)).toEqual([2, 3]);
    expect(await inTurn(async () => 5)).toBe(5);
  });
});

describe('the pictures folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiryana-store-pictures-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stores uploads sent together, the same photo once, and nothing of a refused one', async () => {
    const store = pictureStore(dir);
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const other = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#993366' } }).png().toBuffer();
    const [a, b, c, d] = await Promise.allSettled([store.save(photo, 'products'), store.save(other, 'products'), store.save(photo, 'products'), store.save(Buffer.from('GIF89a'), 'products')]);
    expect(a.status === 'fulfilled' && c.status === 'fulfilled' && a.value.image === c.value.image).toBe(true);
    expect(b.status === 'fulfilled' && a.status === 'fulfilled' && b.value.image !== a.value.image).toBe(true);
    expect(d.status === 'rejected' && d.reason instanceof PictureError && d.reason.status === 415).toBe(true);
    const names = await readdir(join(dir, 'products'));
    // Two pictures, each its largest WebP and three widths in two formats; no temporary file left.
    expect(names).toHaveLength(14);
    expect(names.every((n) => /^up-[0-9a-f]{16}(-\d+)?\.(webp|avif)$/.test(n))).toBe(true);
  });
});
