/**
 * Migrations keep existing data coherent. The ratings migration turns the old free-standing
 * average and count (`rating`, `num_reviews`) into per-star counts that keep each product's
 * rating, with every written review's stars counted. The attempts migration leaves an unverified
 * account able to verify. The phone migration stores every account phone in the one form orders use.
 * The order timeline migration gives older orders their timeline from their status history.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { summarizeRatings } from '#lib/ratings.ts';
import { isValidPhone, normalizePhone } from '#lib/schemas/orders-rules.ts';
import { createApp } from '#server/app.ts';
import { hashSecret } from '#server/auth/secrets.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { testDatabases } from '#server/test/databases.ts';
import { MIGRATIONS_DIR, type DatabaseHandle } from './client.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** A copy of the migrations folder holding only the first `count` migrations. */
async function firstMigrations(count: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kiryana-migrations-'));
  dirs.push(dir);
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateTo(handle: DatabaseHandle, folder: string) {
  if (handle.kind === 'pglite') await migratePglite(handle.db as never, { migrationsFolder: folder });
  else await migratePg(handle.db as never, { migrationsFolder: folder });
}

/** [id, old rating, old num_reviews, stars of its written reviews] */
const LEGACY: [string, number, number, number[]][] = [
  ['popular', 4.3, 212, [5, 4, 1]],
  ['seven-up', 4.9, 3, [1, 3, 5]], // the old average contradicted its own reviews
  ['all-fives', 5, 400, []],
  ['never-rated', 0, 0, []],
  ['count-without-rating', 0, 7, [4]],
  ['low', 2.5, 2, [5]],
];

describe.each(testDatabases)('ratings migration on $name', (target) => {
  it('turns the old rating and count into per-star counts that keep the rating and count every written review', async () => {
    const handle = await target.open({ migrate: false });
    try {
      await migrateTo(handle, await firstMigrations(2));
      await handle.db.execute(sql`insert into categories (id, name) values ('c', 'C')`);
      for (const [id, rating, count, written] of LEGACY) {
        await handle.db.execute(sql`insert into products (id, name, category_id, price, rating, num_reviews) values (${id}, ${id}, 'c', 100, ${rating}, ${count})`);
        for (const stars of written) {
          await handle.db.execute(sql`insert into reviews (product_id, user_name, rating, comment) values (${id}, 'Shopper', ${stars}, 'Old review')`);
        }
      }
      await migrateTo(handle, MIGRATIONS_DIR);

      const result = await handle.db.execute(
        sql`select id, rating, num_ratings, ratings_1, ratings_2, ratings_3, ratings_4, ratings_5 from products order by id`,
      );
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const after = new Map(
        rows.map((r) => {
          const byStar = { '1': Number(r.ratings_1), '2': Number(r.ratings_2), '3': Number(r.ratings_3), '4': Number(r.ratings_4), '5': Number(r.ratings_5) };
          return [String(r.id), { byStar, rating: Number(r.rating), numRatings: Number(r.num_ratings) }];
        }),
      );
      for (const [id, , , written] of LEGACY) {
        const p = after.get(id)!;
        expect({ rating: p.rating, numRatings: p.numRatings }, id).toEqual(summarizeRatings(p.byStar));
        for (const stars of written) expect(p.byStar[String(stars) as '1'], id).toBeGreaterThanOrEqual(written.filter((s) => s === stars).length);
      }
      expect(after.get('popular')).toMatchObject({ rating: 4.3, numRatings: 212, byStar: { '1': 1, '2': 0, '3': 0, '4': 144, '5': 67 } });
      expect(after.get('seven-up')).toMatchObject({ rating: 3, numRatings: 3, byStar: { '1': 1, '2': 0, '3': 1, '4': 0, '5': 1 } });
      expect(after.get('all-fives')).toMatchObject({ rating: 5, numRatings: 400 });
      expect(after.get('never-rated')).toMatchObject({ rating: 0, numRatings: 0 });
      expect(after.get('count-without-rating')).toMatchObject({ rating: 4, numRatings: 1 });
      expect(after.get('low')).toMatchObject({ rating: 3, numRatings: 2, byStar: { '1': 1, '2': 0, '3': 0, '4': 0, '5': 1 } });
    } finally {
      await handle.close();
    }
  });

  it('refuses a negative count and a review outside 1 to 5 stars', async () => {
    const handle = await target.open();
    try {
      await handle.db.execute(sql`insert into categories (id, name) values ('c', 'C')`);
      await expect(handle.db.execute(sql`insert into products (id, name, category_id, price, ratings_3) values ('x', 'X', 'c', 1, -1)`)).rejects.toThrow();
      await handle.db.execute(sql`insert into products (id, name, category_id, price) values ('y', 'Y', 'c', 1)`);
      await expect(handle.db.execute(sql`insert into reviews (product_id, user_name, rating, comment) values ('y', 'A', 6, 'x')`)).rejects.toThrow();
      await expect(handle.db.execute(sql`update products set rating = 4.9 where id = 'y'`)).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDatabases)('registration attempts migration on $name', (target) => {
  it('ends the codes keyed by account, and an unverified account from before signs in to a new attempt whose code verifies it', async () => {
    const handle = await target.open({ migrate: false });
    try {
      await migrateTo(handle, await firstMigrations(4));
      const id = '11111111-1111-4111-8111-111111111111';
      const password = 'the old password';
      await handle.db.execute(sql`insert into users (id, name, email, password_hash) values (${id}, 'Old Shopper', 'old@example.pk', ${await hashSecret(password)})`);
      await handle.db.execute(sql`insert into verification_codes (user_id, code_hash, expires_at) values (${id}, 'x', now())`);
      await migrateTo(handle, MIGRATIONS_DIR);

      const lines: string[] = [];
      const app = createApp({ db: handle.db, kind: handle.kind, mailer: createMailer({ from: 'Kiryana <no-reply@kiryana.pk>', log: (line) => lines.push(line) }), logError: () => {} });
      const post = async (path: string, body: unknown) => {
        const res = await app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as Record<string, any> };
      };
      const signIn = await post('/api/users/login', { email: 'old@example.pk', password });
      expect(signIn).toMatchObject({ status: 403, body: { needsVerification: true, userId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
      await app.settled();
      const code = /code: (\d{6})/.exec(lines.join('\n'))![1];
      const verified = await post('/api/users/verify', { userId: signIn.body.userId, verificationCode: code });
      expect(verified).toMatchObject({ status: 200, body: { user: { id, name: 'Old Shopper', email: 'old@example.pk' } } });
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDatabases)('address book migration on $name', (target) => {
  it("keeps old orders readable: a province written by name becomes its value, any other text stays as written", async () => {
    const handle = await target.open({ migrate: false });
    try {
      await migrateTo(handle, await firstMigrations(10));
      const PROVINCES = [['a', 'Punjab'], ['b', ' islamabad capital territory '], ['c', 'ICT'], ['d', 'xyz'], ['e', 'Azad Jammu and Kashmir']];
      for (const [id, province] of PROVINCES) {
        await handle.db.execute(sql`insert into orders (id, order_number, guest_name, guest_email, contact_number, address, city, province, postal_code, country, payment_method, status, subtotal, you_save, shipping, total_amount, created_at, updated_at)
          values (${id}, ${`KR-${id}`}, 'A', 'a@b.pk', '+923001234567', '1 Road', 'Lahore', ${province}, '1', 'India', 'COD', 'Pending', 100, 0, 0, 100, now(), now())`);
      }
      await migrateTo(handle, MIGRATIONS_DIR);
      const rows = (await handle.db.execute(sql`select id, province, postal_code, country from orders order by id`)) as unknown as { rows?: unknown[] } | unknown[];
      const list = (Array.isArray(rows) ? rows : rows.rows) as { id: string; province: string; postal_code: string; country: string }[];
      expect(list.map((r) => [r.id, r.province])).toEqual([['a', 'PB'], ['b', 'ICT'], ['c', 'ICT'], ['d', 'xyz'], ['e', 'AJK']]);
      // Nothing else an old order said is changed.
      expect(list.every((r) => r.postal_code === '1' && r.country === 'India')).toBe(true);
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDatabases)('phone migration on $name', (target) => {
  it('rewrites every stored account phone into the one form orders use, as the shared rule does, and leaves one that breaks the rule', async () => {
    const handle = await target.open({ migrate: false });
    try {
      await migrateTo(handle, await firstMigrations(11));
      const typed = ['0300 1234567', '0300-123-4567', '+92 300 1234567', '0092 300 1234567', '+44 20 7946 0958', '3001234567', '', '0300', '00123456789', '(0300) 1234567', '+923001234567'];
      for (const [i, phone] of typed.entries()) {
        await handle.db.execute(sql`insert into users (name, email, phone, password_hash) values ('Shopper', ${`p${i}@example.pk`}, ${phone}, 'x')`);
      }
      await migrateTo(handle, MIGRATIONS_DIR);
      const rows = (await handle.db.execute(sql`select email, phone from users order by email`)) as unknown as { rows: { email: string; phone: string }[] };
      const stored = new Map(rows.rows.map((r) => [r.email, r.phone]));
      const expected = typed.map((phone) => (phone !== '' && isValidPhone(phone) ? normalizePhone(phone) : phone));
      expect(typed.map((_, i) => stored.get(`p${i}@example.pk`))).toEqual(expected);
      expect(expected.slice(0, 6)).toEqual(['+923001234567', '+923001234567', '+923001234567', '+923001234567', '+442079460958', '3001234567']);
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDatabases)('order timeline migration on $name', (target) => {
  it("gives orders placed before it their timeline: the placement by their shopper or guest, then each later move as the system's", async () => {
    const handle = await target.open({ migrate: false });
    try {
      await migrateTo(handle, await firstMigrations(12));
      await handle.db.execute(sql`insert into users (id, name, email, phone, password_hash) values ('00000000-0000-4000-8000-000000000001', 'Ayesha', 'a@example.pk', '+923001234567', 'x')`);
      for (const [id, user, status] of [['guest-order-0000000000001', null, 'Shipped'], ['owned-order-0000000000001', '00000000-0000-4000-8000-000000000001', 'Cancelled']] as const) {
        await handle.db.execute(sql`insert into orders (id, order_number, user_id, guest_name, guest_email, contact_number, address, city, province, postal_code, country,
          payment_method, status, subtotal, you_save, shipping, total_amount, created_at, updated_at)
          values (${id}, ${`KR-${id.slice(0, 4).toUpperCase()}-0000`}, ${user}::uuid, 'A', 'a@example.pk', '+923001234567', 'x', 'Lahore', 'PB', '', 'Pakistan',
          'COD', ${status}, 100, 0, 0, 100, '2026-03-01T09:00:00Z', '2026-03-01T10:00:00Z')`);
        await handle.db.execute(sql`insert into order_status_events (order_id, status, at) values (${id}, 'Pending', '2026-03-01T09:00:00Z'), (${id}, ${status}, '2026-03-01T10:00:00Z')`);
      }
      await migrateTo(handle, MIGRATIONS_DIR);
      const rows = (await handle.db.execute(
        sql`select order_id, actor_kind, actor_id, action, to_status from order_events order by order_id, at`,
      )) as unknown as { rows: Record<string, string | null>[] };
      expect(rows.rows.map((r) => Object.values(r))).toEqual([
        ['guest-order-0000000000001', 'guest', null, 'placed', 'Pending'],
        ['guest-order-0000000000001', 'system', null, 'status_changed', 'Shipped'],
        ['owned-order-0000000000001', 'shopper', '00000000-0000-4000-8000-000000000001', 'placed', 'Pending'],
        ['owned-order-0000000000001', 'system', null, 'cancelled', 'Cancelled'],
      ]);
    } finally {
      await handle.close();
    }
  });
});
