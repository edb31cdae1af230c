/**
 * The stores the e2e projects run against, each started by scripts/e2e-server.ts in a folder of
 * its own: `pglite`, on the embedded database, for every project but one; `postgres`, on a fresh
 * PostgreSQL database, for the project of that name (the staff specs once more). A store keeps
 * there the mail its SMTP capture received (mail/, one JSON file a mail) and store.json, which
 * says how an operator command reaches it (e2e/operator.ts).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type StoreName = 'pglite' | 'postgres';

const FOLDERS: Record<StoreName, string> = { pglite: '../.cache/e2e', postgres: '../.cache/e2e-postgres' };

export const storeDir = (name: StoreName) => fileURLToPath(new URL(FOLDERS[name], import.meta.url));
export const mailDir = (name: StoreName) => join(storeDir(name), 'mail');
export const storeFile = (name: StoreName) => join(storeDir(name), 'store.json');

/** What store.json holds: the store's address, its SMTP capture, and its database. */
export interface StoreSettings {
  name: StoreName;
  siteUrl: string;
  smtpUrl: string;
  /** PostgreSQL's URL (the postgres store). */
  databaseUrl?: string;
  /** The embedded database's folder (the pglite store); a command finds the running store's channel beside it. */
  dataDir?: string;
}

/** The store a Playwright project runs against (its `metadata.store`; pglite when it names none). */
export const storeOfProject = (project: { metadata?: Record<string, unknown> }): StoreName => (project.metadata?.store === 'postgres' ? 'postgres' : 'pglite');
