/**
 * The figures of a basket (figures-html.ts, the one source of their markup) in an island: the cart
 * and the checkout show the same rows, so the two pages cannot drift apart.
 */
import type { BasketTotals } from '#lib/money.ts';
import { basketFigureRowsHtml, figuresClass } from './figures-html.ts';

export function BasketFigures({ totals, className = 'mt-3' }: { totals: BasketTotals; className?: string }) {
  return <dl className={figuresClass(className)} dangerouslySetInnerHTML={{ __html: basketFigureRowsHtml(totals) }} />;
}
