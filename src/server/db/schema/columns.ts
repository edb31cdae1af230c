/** Column helpers every table of the schema uses. */
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** A moment, with its time zone, read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
