/**
 * A signed-in shopper's address book (the contract is src/lib/schemas/addresses.ts). Every change
 * runs in one transaction that first locks the shopper's account row, so a shopper's changes go one
 * at a time: the limit cannot be passed by two adds at once, and exactly one address is the default
 * whenever any is left. An address of another account is the same 404 as one that never was.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ADDRESS_BOOK_LIMITS, ADDRESS_BOOK_MESSAGES as M } from '#lib/address-book.ts';
import type { AddressBody, SavedAddress } from '#lib/schemas/addresses.ts';
import type { Clock } from '#server/clock.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { userAddresses, users, type UserAddressRow } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';

const toSaved = (r: UserAddressRow): SavedAddress => ({
  id: r.id,
  label: r.label,
  address: r.address,
  city: r.city,
  province: r.province,
  postalCode: r.postalCode,
  isDefault: r.isDefault,
});

/** The default first, then oldest first. */
export async function readAddresses(db: Database, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), asc(userAddresses.position));
  return rows.map(toSaved);
}

/** Runs `work` with the shopper's changes held one at a time; replies the book as it left it. */
function change(db: Database, userId: string, work: (tx: Database) => Promise<void>): Promise<SavedAddress[]> {
  return inTransaction(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await work(tx);
    return readAddresses(tx, userId);
  });
}

const clearDefault = (tx: Database, userId: string) =>
  tx.update(userAddresses).set({ isDefault: false }).where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true)));

async function ownRow(tx: Database, userId: string, id: string): Promise<UserAddressRow> {
  const [row] = await tx.select().from(userAddresses).where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)));
  if (!row) throw new HttpError(404, M.notFound);
  return row;
}

export function addAddress(db: Database, clock: Clock, userId: string, body: AddressBody): Promise<SavedAddress[]> {
  return change(db, userId, async (tx) => {
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(userAddresses).where(eq(userAddresses.userId, userId));
    if (count >= ADDRESS_BOOK_LIMITS.addresses) throw new HttpError(409, M.full);
    const isDefault = count === 0 || body.isDefault === true;
    if (isDefault) await clearDefault(tx, userId);
    const now = clock.now();
    const { isDefault: _, ...fields } = body;
    await tx.insert(userAddresses).values({ ...fields, userId, isDefault, createdAt: now, updatedAt: now });
  });
}

/** Changes the address's fields; `isDefault: true` makes it the default (false is ignored: another must be chosen instead). */
export function updateAddress(db: Database, clock: Clock, userId: string, id: string, body: AddressBody): Promise<SavedAddress[]> {
  return change(db, userId, async (tx) => {
    const row = await ownRow(tx, userId, id);
    const isDefault = row.isDefault || body.isDefault === true;
    if (isDefault && !row.isDefault) await clearDefault(tx, userId);
    const { isDefault: _, ...fields } = body;
    await tx.update(userAddresses).set({ ...fields, isDefault, updatedAt: clock.now() }).where(eq(userAddresses.id, row.id));
  });
}

export function makeDefault(db: Database, clock: Clock, userId: string, id: string): Promise<SavedAddress[]> {
  return change(db, userId, async (tx) => {
    const row = await ownRow(tx, userId, id);
    if (row.isDefault) return;
    await clearDefault(tx, userId);
    await tx.update(userAddresses).set({ isDefault: true, updatedAt: clock.now() }).where(eq(userAddresses.id, row.id));
  });
}

/** Removes the address; when it was the default, the oldest one left becomes the default. */
export function removeAddress(db: Database, clock: Clock, userId: string, id: string): Promise<SavedAddress[]> {
  return change(db, userId, async (tx) => {
    const row = await ownRow(tx, userId, id);
    await tx.delete(userAddresses).where(eq(userAddresses.id, row.id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(asc(userAddresses.position))
      .limit(1);
    if (next) await tx.update(userAddresses).set({ isDefault: true, updatedAt: clock.now() }).where(eq(userAddresses.id, next.id));
  });
}
