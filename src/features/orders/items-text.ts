/**
 * How many items an order holds, said the same way on the success and status pages and in the
 * account's history: units (2 tea and 1 rice are 3 items), with the number of products beside
 * them when they differ and are known.
 */
export function itemsText(units: number, products?: number): string {
  const items = `${units} ${units === 1 ? 'item' : 'items'}`;
  return products === undefined || products === units ? items : `${items} (${products} ${products === 1 ? 'product' : 'products'})`;
}
