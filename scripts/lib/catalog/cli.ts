/**
 * `npm run catalog -- import|export|validate FILE [--format json|csv] [--data-dir DIR] [--database-url URL]`
 * Returns the exit code; never calls process.exit (tests run it in-process).
 *
 * With DATABASE_URL (or --database-url) it works on PostgreSQL directly. On the embedded database
 * it goes through the running store's operator channel while a store holds the data directory
 * (remote.ts), and opens the directory itself otherwise; the messages are the same either way.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FALLBACK_CATEGORY_NAMES } from '#lib/schemas/catalog.ts';
import { config, type Config } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { DatabaseLockedError, isAlive } from '#server/db/data-dir-lock.ts';
import { slugify } from '#lib/slug.ts';
import { exportCatalog } from '#server/catalog/export-catalog.ts';
import { CATALOG_FILE_MESSAGES as FILE, changeLines, changesSummary, pluralize, wouldMake } from '#lib/catalog-file-messages.ts';
import { decodeCatalogBytes, formatOf, MAX_CATALOG_FILE_BYTES, parseCatalog, type CatalogFormat } from '#server/catalog/file-format.ts';
import { importCatalog } from '#server/catalog/import-catalog.ts';
import { checkCatalog, problemsMessage, validateCatalog } from '#server/catalog/validate-catalog.ts';
import { readChannel } from '#server/operator-channel.ts';
import { RefusedError, remoteCatalog, storeAnswers, type CatalogCommands } from './remote.ts';

export const LOCKED_MESSAGE = 'Stop the store (npm start) before importing into the embedded database, or set DATABASE_URL.';

const USAGE = `Usage: npm run catalog -- <import|export|validate> FILE [options]
  FILE                 .json (array of products, or {categories, products, synonyms}) or .csv (products,
                       or the search dictionary: header words,means); '-' = stdout (export)
  --format json|csv    when the extension does not say
  --synonyms           export: the search dictionary alone (JSON {synonyms}, or a words,means CSV)
  --data-dir DIR       embedded database directory (default: $KIRYANA_DATA_DIR, else ./data/pglite)
  --database-url URL   PostgreSQL (default: $DATABASE_URL)
While npm start runs on the embedded database, the running store does the work (files up to ${MAX_CATALOG_FILE_BYTES / 1024 / 1024} MB).`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The settings to fall back on (default: this process's, from config.ts). */
  config?: Config;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

function printProblems(io: CliIo, problems: string[]) {
  for (const text of problems) io.err(text);
  io.err(problemsMessage(problems.length));
}

function parseFile(text: string, format: CatalogFormat) {
  try {
    return parseCatalog(text, format);
  } catch (err) {
    throw new RefusedError((err as Error).message);
  }
}

/** The commands on a database this process opened. */
function localCatalog(handle: DatabaseHandle): CatalogCommands {
  return {
    async validate(text, format) {
      const result = await checkCatalog(handle.db, parseFile(text, format));
      return result.ok
        ? { ok: true, products: result.products.length, categories: result.categories.length, changes: result.changes }
        : { ok: false, problems: result.errors.map((e) => e.text) };
    },
    async import(text, format) {
      const result = await importCatalog(handle.db, parseFile(text, format));
      if (!result.ok) return { ok: false, problems: result.errors.map((e) => e.text) };
      return { ok: true, changes: result.changes, categories: result.categories, kind: handle.kind };
    },
    export: (format, part) => exportCatalog(handle.db, format, part),
  };
}

type Connection = { commands: CatalogCommands; close(): Promise<void> } | { locked: DatabaseLockedError; why: string };

/**
 * The database, or the running store that holds the embedded one; `locked` when another process
 * holds it and no store answers for it.
 */
async function connect(url: string | undefined, dataDir: string): Promise<Connection> {
  let silent: string | undefined;
  if (!url) {
    // While a store runs, opening its directory would be refused: ask the store straight away.
    const published = readChannel(resolve(dataDir));
    if (published && isAlive(published.pid)) {
      if (await storeAnswers(published)) return { commands: remoteCatalog(published), close: async () => {} };
      silent = published.url;
    }
  }
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url, dataDir });
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    const channel = readChannel(err.dataDir);
    if (channel && channel.url !== silent && (await storeAnswers(channel))) return { commands: remoteCatalog(channel), close: async () => {} };
    const why = channel
      ? `No store answers at ${channel.url}, where the store of this directory said it would (it stopped, or hangs).`
      : 'That process offers no operator channel to send the work through (a store still starting, or another command at work).';
    return { locked: err, why };
  }
  return { commands: localCatalog(handle), close: () => handle.close() };
}

export async function runCatalogCli(argv: string[], io: CliIo = consoleIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        synonyms: { type: 'boolean' },
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

  let text = '';
  if (command !== 'export') {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (err) {
      io.err((err as NodeJS.ErrnoException).code === 'ENOENT' ? `No such file: ${file}` : (err as Error).message);
      return 1;
    }
    // Decoded here, for the database this opens and for a running store alike (which gets UTF-8).
    try {
      const decoded = decodeCatalogBytes(bytes);
      text = decoded.text;
      if (decoded.note) io.err(decoded.note);
    } catch (err) {
      io.err((err as Error).message);
      return 1;
    }
  }

  let connection: Connection;
  try {
    connection = await connect(url, parsed.values['data-dir'] ?? settings.dataDir);
  } catch (err) {
    io.err(`Could not open the database: ${(err as Error).message}${url ? '' : `\n${LOCKED_MESSAGE}`}`);
    return 1;
  }
  if ('locked' in connection) {
    const { locked, why } = connection;
    if (command === 'validate') {
      // No store to ask: validate against the standard categories.
      io.err(`${locked.message} ${why} Checking categories against the standard list instead.`);
      let result;
      try {
        result = validateCatalog(parseFile(text, format), FALLBACK_CATEGORY_NAMES.map((name) => ({ _id: slugify(name), name })));
      } catch (err) {
        io.err((err as Error).message);
        return 1;
      }
      if (!result.ok) {
        printProblems(io, result.errors.map((e) => e.text));
        return 1;
      }
      io.out(`${file}: ${FILE.valid(result.products.length, 0, result.synonyms?.length)} (not compared with the catalogue).`);
      return 0;
    }
    io.err(`${locked.message} ${why}\n${LOCKED_MESSAGE}`);
    return 1;
  }

  const { commands } = connection;
  try {
    if (command === 'export') {
      const part = parsed.values.synonyms ? 'synonyms' : 'catalogue';
      const exported = await commands.export(format, part);
      if (file === '-') process.stdout.write(exported);
      else {
        await writeFile(file, exported);
        io.out(`Exported the ${part === 'synonyms' ? 'search dictionary' : 'catalogue'} to ${file}.`);
      }
      return 0;
    }
    if (command === 'validate') {
      const result = await commands.validate(text, format);
      if (!result.ok) {
        printProblems(io, result.problems);
        return 1;
      }
      io.out(`${file}: ${FILE.valid(result.products, result.categories, result.changes.synonyms?.entries)}. ${wouldMake(result.changes)}`);
      changeLines(result.changes).forEach((l) => io.out(l));
      return 0;
    }
    const result = await commands.import(text, format);
    if (!result.ok) {
      printProblems(io, result.problems);
      return 1;
    }
    io.out(`Imported ${file}: ${changesSummary(result.changes)}${result.categories ? `; ${pluralize(result.categories, 'category', 'categories')}` : ''} (${result.kind}).`);
    changeLines(result.changes).forEach((l) => io.out(l));
    return 0;
  } catch (err) {
    io.err(err instanceof RefusedError ? err.message : `Failed, nothing was changed: ${(err as Error).message}`);
    return 1;
  } finally {
    await connection.close();
  }
}
