/** User rows and the `user` the API shows (never the hash, never the verification state's dates). */
import { eq } from 'drizzle-orm';
import type { User } from '#lib/schemas/account.ts';
import type { Database } from '#server/db/client.ts';
import { users, type UserRow } from '#server/db/schema.ts';

export function toApiUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `email` already lowercased. */
export async function userByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function userById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
