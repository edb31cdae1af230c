/**
 * What the catalogue says now about products a page shows (price, discount, stock), from
 * GET /api/products/live?ids=… : one request a page, however many products it lists (up to 100 a
 * request; more go in several at once). The buy box, the cards, the cart's re-check and the
 * wishlist's refresh all read through here, so it sits below those features. Parsed with zod/mini:
 * those pages' budgets have no room for the full zod. Must not throw: a product the reply leaves
 * out is `missing` (no longer sold); a failed request (network, timeout, 5xx, a strange reply)
 * makes its products `failed`, and callers keep what the page was built with.
 */
import * as z from 'zod/mini';
import { ApiClient } from './api.ts';
import { OFFLINE_COPY_FIELD } from './offline-copy.ts';
import { LiveProductSchema, MAX_LIVE_IDS, type LiveFigures } from './live-figures.ts';

/**
 * One product's answer: its figures now, gone from the catalogue, or not known (the call failed).
 * `offlineCopy`: the figures are the service worker's copy from the shopper's last visit, answered
 * because the network failed (offline-copy.ts); they may be out of date.
 */
export type LiveResult = { kind: 'found'; product: LiveFigures; offlineCopy?: boolean } | { kind: 'missing'; offlineCopy?: boolean } | { kind: 'failed' };

const LiveReplySchema = z.object({
  [OFFLINE_COPY_FIELD]: z.optional(z.string()),
  data: z.array(LiveProductSchema),
});

async function liveChunk(ids: readonly string[], client: ApiClient): Promise<Map<string, LiveResult>> {
  const result = await client.request('/api/products/live', { query: { ids: ids.join(',') } });
  const parsed = result.ok ? LiveReplySchema.safeParse(result.data) : undefined;
  if (!parsed?.success) return new Map(ids.map((id) => [id, { kind: 'failed' }]));
  const found = new Map(parsed.data.data.map(({ _id, price, discount, stock }) => [_id, { price, discount, stock }]));
  const copy = parsed.data[OFFLINE_COPY_FIELD] ? { offlineCopy: true } : {};
  return new Map(ids.map((id): [string, LiveResult] => {
    const product = found.get(id);
    return [id, product ? { kind: 'found', product, ...copy } : { kind: 'missing', ...copy }];
  }));
}

/** Every id's answer, in as few requests as the endpoint allows. */
export async function liveProducts(ids: readonly string[], client: ApiClient = new ApiClient()): Promise<Map<string, LiveResult>> {
  const distinct = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let i = 0; i < distinct.length; i += MAX_LIVE_IDS) chunks.push(distinct.slice(i, i + MAX_LIVE_IDS));
  const answers = await Promise.all(chunks.map((chunk) => liveChunk(chunk, client)));
  return new Map(answers.flatMap((answer) => [...answer]));
}

let pageFigures: Promise<Map<string, LiveResult>> | undefined;

/**
 * The figures of every product the page was built showing (each `[data-item]` holder: the cards,
 * the buy box), asked for once a page and shared by whoever asks (src/features/catalog/card-live.ts, the buy box).
 */
export function pageLiveFigures(root: ParentNode = document): Promise<Map<string, LiveResult>> {
  pageFigures ??= liveProducts(
    [...root.querySelectorAll<HTMLElement>('[data-item]')].flatMap((el) => el.closest<HTMLElement>('[data-product-id]')?.dataset.productId ?? []),
  );
  return pageFigures;
}
