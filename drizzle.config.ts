import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes a migration for every change to the schema; commit it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
