/** The signed-in shopper's address book. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { ownerId } from './accounts.ts';

/**
 * A shopper's saved delivery addresses (at most ADDRESS_BOOK_LIMIT an account), each with a label
 * (Home, Office...). One of them is the default the checkout fills in: the database holds at most
 * one default an account (the partial unique index), and the app keeps exactly one while any is
 * left. Province is its stable value (src/lib/address.ts); the country is always Pakistan.
 */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    label: text('label').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    /** Grows with every address saved: the book reads oldest first, also within one millisecond. */
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('user_addresses_user_idx').on(t.userId, t.position),
    uniqueIndex('user_addresses_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export type UserAddressRow = typeof userAddresses.$inferSelect;
