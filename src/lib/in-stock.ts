/** A product can be bought while at least one is left. */
export function inStock(stock: number): boolean {
  return stock > 0;
}
