/**
 * `npm run catalog -- import|export|validate FILE [--format json|csv] [--data-dir DIR] [--database-url URL]`
 * Returns the exit code; never calls process.exit (tests run it in-process).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { FALLBACK_CATEGORY_NAMES } from '#lib/schemas/catalog.ts';
import { config, type Config } from '#server/config.ts';
import { DatabaseLockedError, openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { categoryRecords } from '#server/catalog/bulk.ts';
import { slugify } from '#lib/slug.ts';
import { exportCatalog, formatOf, importCatalog, parseCatalog, validateCatalog, writtenReviewsOf, type RowError } from '#server/catalog/file-io.ts';

export const LOCKED_MESSAGE = 'Stop the store (npm start) before importing into the embedded database, or set DATABASE_URL.';

const USAGE = `Usage: npm run catalog -- <import|export|validate> FILE [options]
  FILE                 .json (array of products, or {categories, products}) or .csv; '-' = stdout (export)
  --format json|csv    when the extension does not say
  --data-dir DIR       embedded database directory (default: $KIRYANA_DATA_DIR, else ./data/pglite)
  --database-url URL   PostgreSQL (default: $DATABASE_URL)`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The settings to fall back on (default: this process's, from config.ts). */
  config?: Config;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

function printErrors(io: CliIo, errors: RowError[]) {
  for (const e of errors) io.err(e.text);
  io.err(`${errors.length} problem${errors.length === 1 ? '' : 's'} found; nothing was changed.`);
}

export async function runCatalogCli(argv: string[], io: CliIo = consoleIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, file] = parsed.positionals;
  if (parsed.values.help || !command || !file || !['import', 'export', 'validate'].includes(command)) {
    (parsed.values.help ? io.out : io.err)(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const settings = io.config ?? config;
  const url = parsed.values['database-url'] ?? settings.databaseUrl;
  let format;
  try {
    format = formatOf(file === '-' ? 'x.json' : file, parsed.values.format);
  } catch (err) {
    io.err((err as Error).message);
    return 2;
  }

  let catalog;
  if (command !== 'export') {
    try {
      catalog = parseCatalog(await readFile(file, 'utf8'), format);
    } catch (err) {
      io.err((err as NodeJS.ErrnoException).code === 'ENOENT' ? `No such file: ${file}` : (err as Error).message);
      return 1;
    }
  }

  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url, dataDir: parsed.values['data-dir'] ?? settings.dataDir });
  } catch (err) {
    if (err instanceof DatabaseLockedError && command === 'validate' && catalog) {
      // The running store holds the embedded database: validate against the standard categories.
      io.err(`${err.message} Checking categories against the standard list instead.`);
      const result = validateCatalog(catalog, FALLBACK_CATEGORY_NAMES.map((name) => ({ _id: slugify(name), name })));
      if (!result.ok) {
        printErrors(io, result.errors);
        return 1;
      }
      io.out(`${file}: ${result.products.length} products are valid.`);
      return 0;
    }
    if (err instanceof DatabaseLockedError) io.err(`${err.message}\n${LOCKED_MESSAGE}`);
    else io.err(`Could not open the database: ${(err as Error).message}${url ? '' : `\n${LOCKED_MESSAGE}`}`);
    return 1;
  }
  try {
    if (command === 'export') {
      const text = await exportCatalog(handle.db, format);
      if (file === '-') process.stdout.write(text);
      else {
        await writeFile(file, text);
        io.out(`Exported the catalogue to ${file}.`);
      }
      return 0;
    }
    if (command === 'validate') {
      const result = validateCatalog(catalog!, await categoryRecords(handle.db), await writtenReviewsOf(handle.db, catalog!));
      if (!result.ok) {
        printErrors(io, result.errors);
        return 1;
      }
      io.out(`${file}: ${result.products.length} products${result.categories.length ? ` and ${result.categories.length} categories` : ''} are valid.`);
      return 0;
    }
    const result = await importCatalog(handle.db, catalog!);
    if (!result.ok) {
      printErrors(io, result.errors);
      return 1;
    }
    io.out(
      `Imported ${file}: ${result.created} new and ${result.updated} updated products` +
        `${result.categories ? `, ${result.categories} categories` : ''} (${handle.kind}).`,
    );
    return 0;
  } catch (err) {
    io.err(`Failed, nothing was changed: ${(err as Error).message}`);
    return 1;
  } finally {
    await handle.close();
  }
}
