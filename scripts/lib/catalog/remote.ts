/**
 * The catalogue commands through a running store's operator channel (src/server/operator-channel.ts,
 * src/server/routes/operator-catalog.ts): used while the store holds the embedded database. The
 * store reads the file and answers what the command would on a database it opened itself.
 */
import type { ExportPart } from '#server/catalog/export-catalog.ts';
import { MAX_CATALOG_FILE_BYTES, type CatalogFormat } from '#server/catalog/file-format.ts';
import type { CatalogChanges } from '#server/catalog/validate-catalog.ts';
import { TOO_LARGE_MESSAGE } from '#server/routes/operator-catalog.ts';
import { OPERATOR_KEY_HEADER, type Channel } from '#server/operator-channel.ts';

/** Row problems' texts (`Row 7 (…), field price: must be above 0`), or the counts. */
export type Checked = { ok: false; problems: string[] } | { ok: true; products: number; categories: number; changes: CatalogChanges };
export type Imported = { ok: false; problems: string[] } | { ok: true; changes: CatalogChanges; categories: number; kind: string };

/** What the catalogue commands do, on a database the command opened or through the running store. */
export interface CatalogCommands {
  validate(text: string, format: CatalogFormat): Promise<Checked>;
  import(text: string, format: CatalogFormat): Promise<Imported>;
  export(format: CatalogFormat, part?: ExportPart): Promise<string>;
}

/** The store did not take the request: nothing reached it, so nothing was changed. */
export class StoreUnreachableError extends Error {
  constructor(url: string, reason: string) {
    super(`The running store at ${url} did not answer (${reason}).`);
    this.name = 'StoreUnreachableError';
  }
}

/**
 * What the command prints as it is: a file that cannot be read as its format, the store's refusal
 * of a request (one too large), a store that stopped answering. A database's failure is a plain Error.
 */
export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedError';
  }
}

/**
 * How long a command waits for the store. An import of a large file is checked and written while
 * the store goes on serving shoppers; a store that died closes the connection at once.
 */
const TIMEOUT_MS = 10 * 60_000;

/** Whether a store answers on the channel's address at all (its liveness route, no key needed). */
export async function storeAnswers(channel: Channel): Promise<boolean> {
  try {
    await (await fetch(`${channel.url}/api/health/live`, { signal: AbortSignal.timeout(5000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

export function remoteCatalog(channel: Channel): CatalogCommands {
  async function call(path: string, init: { method?: string; text?: string; format: CatalogFormat; part?: ExportPart }): Promise<Response> {
    // The store would refuse it as soon as it passed the limit; this says so without sending it.
    if (init.text !== undefined && Buffer.byteLength(init.text) > MAX_CATALOG_FILE_BYTES) throw new RefusedError(TOO_LARGE_MESSAGE);
    const headers: Record<string, string> = { [OPERATOR_KEY_HEADER]: channel.key, 'Accept-Encoding': 'identity' };
    if (init.text !== undefined) headers['Content-Type'] = init.format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8';
    let res: Response;
    try {
      const part = init.part && init.part !== 'catalogue' ? `&part=${init.part}` : '';
      res = await fetch(`${channel.url}/api/operator/catalog/${path}?format=${init.format}${part}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.text,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      if (cause?.code === 'ECONNREFUSED') throw new StoreUnreachableError(channel.url, cause.message ?? 'connection refused');
      const sent = init.method === 'POST' && path === 'import' ? ' Whether the import was made is not known: export the catalogue to see.' : '';
      throw new RefusedError(`The running store at ${channel.url} stopped answering (${cause?.message ?? (err as Error).message}).${sent}`);
    }
    return res;
  }

  /** The store's refusal: its row problems (422), else its message (a RefusedError below 500). */
  async function refusal(res: Response): Promise<{ ok: false; problems: string[] }> {
    const body = (await res.json().catch(() => ({}))) as { message?: string; problems?: { text: string }[] };
    if (res.status === 422 && Array.isArray(body.problems)) return { ok: false, problems: body.problems.map((p) => p.text) };
    const message =
      res.status === 403
        ? `The store at ${channel.url} refused the key of its operator channel file: that file is not this store's. Restart the store (npm start).`
        : (body.message ?? `The store answered ${res.status}.`);
    throw res.status < 500 ? new RefusedError(message) : new Error(message);
  }

  return {
    async validate(text: string, format: CatalogFormat): Promise<Checked> {
      const res = await call('validate', { method: 'POST', text, format });
      if (!res.ok) return refusal(res);
      const body = (await res.json()) as { products: number; categories: number; changes: CatalogChanges };
      return { ok: true, products: body.products, categories: body.categories, changes: body.changes };
    },
    async import(text: string, format: CatalogFormat): Promise<Imported> {
      const res = await call('import', { method: 'POST', text, format });
      if (!res.ok) return refusal(res);
      const body = (await res.json()) as { changes: CatalogChanges; categories: number; kind: string };
      return { ok: true, changes: body.changes, categories: body.categories, kind: body.kind };
    },
    async export(format: CatalogFormat, part?: ExportPart): Promise<string> {
      const res = await call('export', { format, part });
      if (!res.ok) await refusal(res);
      // Byte for byte: res.text() would drop the CSV's byte-order mark.
      return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    },
  };
}
