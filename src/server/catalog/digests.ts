/**
 * What the built pages show of each product, as one short digest a product: its row without the
 * live figures (price, discount, stock: the pages read those live) and its shown reviews. The
 * store compares the digests its site was built from with the database's to learn which products
 * an import, an editor's change or a shopper's review touched, whichever process made it, and
 * rebuilds only their pages (src/site-build/site-keeper.ts). A product off sale has no digest: to
 * the site it is gone, so taking it off sale deletes its page and rewrites the pages that listed
 * it, and putting it back on sale builds them again. One digest stands for all
 * the categories: any change to them changes every page's menu, and rebuilds everything. One
 * stands for the search dictionary: no page shows it, but the suggestions' index carries it, so a
 * change to it alone rewrites the files made from the whole catalogue (the index among them).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** Where a built site keeps the digests of the catalogue it was built from (never served). */
export const DIGESTS_FILE = '.kiryana/digests.json';

export interface CatalogueDigests {
  categories: string;
  /** The search dictionary's entries (absent in a site built before the index carried it). */
  dictionary?: string;
  /** Product id → digest of what its pages show of it. */
  products: Record<string, string>;
}

/** The columns of a product its built pages show (besides its id). */
export const SHOWN_COLUMNS = [
  'name',
  'description',
  'category_id',
  'brand',
  'ratings_1',
  'ratings_2',
  'ratings_3',
  'ratings_4',
  'ratings_5',
  'images',
  'specifications',
  'created_at',
] as const;

/**
 * The columns left out: the live figures (the pages read them live, so no rebuild is needed for
 * them), the rating and its count (made from `ratings_N`), the time of the last change; the
 * editors' version is not shown but is in the digest all the same: a build reads the catalogue a
 * moment after the digests, so a change made and undone in between (off sale and back, a name
 * changed and changed back) must still differ from the digests the build was saved with, or the
 * pages would keep what the build read. `on_sale` decides whether the product has a digest at all; the search tokens
 * are made from shown columns and the category's name (search-columns.ts).
 * Every column is in one list or the other (digests.test.ts): a new column must be placed.
 */
export const NOT_SHOWN_COLUMNS = [
  'id',
  'price',
  'discount',
  'stock',
  'rating',
  'num_ratings',
  'updated_at',
  'version',
  'on_sale',
  'search_name',
  'search_brand',
  'search_category',
  'search_more',
  'search_rule',
] as const;

// Named columns joined as text: four times cheaper than a JSON of the row at 100,000 products.
const SHOWN = sql.raw(`concat_ws('|', ${SHOWN_COLUMNS.map((c) => `p.${c}::text`).join(', ')})`);

/** The digests of the products on sale `where` keeps (all of them: `true`). */
const productDigests = (db: Database, where: SQL) =>
  db.execute(sql`
      select p.id, md5(${SHOWN} || '|' || p.version || '|' || coalesce(r.written, '')) as d
      from products p
      left join (
        select product_id, string_agg(id::text || '/' || user_name || '/' || rating || '/' || created_at::text || '/' || comment, '|' order by id) as written
        from reviews where hidden_at is null group by product_id
      ) r on r.product_id = p.id
      where p.on_sale and ${where}`);

export async function catalogueDigests(db: Database): Promise<CatalogueDigests> {
  const [categoryRows, dictionaryRows, productRows] = await Promise.all([
    db.execute(sql`select md5(coalesce(string_agg((to_jsonb(c) - 'updated_at')::text, '|' order by c.id), '')) as d from categories c`),
    db.execute(sql`select md5(coalesce(string_agg(jsonb_build_array(s.id, s.version, s.words, s.means)::text, '|' order by s.id), '')) as d from synonyms s`),
    productDigests(db, sql`true`),
  ]);
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const products: Record<string, string> = {};
  for (const { id, d } of rows<{ id: string; d: string }>(productRows)) products[id] = d;
  return { categories: rows<{ d: string }>(categoryRows)[0].d, dictionary: rows<{ d: string }>(dictionaryRows)[0].d, products };
}

export interface CatalogueChange {
  categoriesChanged: boolean;
  /** The search dictionary changed (only the suggestions' index shows it). */
  dictionaryChanged: boolean;
  /** Products added, or whose pages show something new. */
  changed: string[];
  /** Products no longer in the catalogue, or taken off sale. */
  removed: string[];
}

/** What changed from `before` to `after`. */
export function catalogueChange(before: CatalogueDigests, after: CatalogueDigests): CatalogueChange {
  const changed = Object.keys(after.products).filter((id) => before.products[id] !== after.products[id]);
  const removed = Object.keys(before.products).filter((id) => !(id in after.products));
  return { categoriesChanged: before.categories !== after.categories, dictionaryChanged: before.dictionary !== after.dictionary, changed, removed };
}

export const nothingChanged = (change: CatalogueChange) => !change.categoriesChanged && !change.dictionaryChanged && change.changed.length === 0 && change.removed.length === 0;

/** One product's digest now, as catalogueDigests makes it (undefined: no such product, or off sale). */
export async function productDigest(db: Database, id: string): Promise<string | undefined> {
  const { rows } = (await productDigests(db, sql`p.id = ${id}`)) as unknown as { rows: { d: string }[] };
  return rows[0]?.d;
}
