/**
 * One line of the checkout's order summary: picture, name, quantity and line total. A line the
 * re-check or a 409 flagged says why beside it and offers what fixes it (change the quantity,
 * remove), so the shopper can place the order again with the new figures. The still parts are
 * summary-html.ts's strings, the controls elements: the markup the page draws before React.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import type { LineCheck } from '#features/cart/recheck.ts';
import { QuantityStepper } from '#features/cart/QuantityStepper.tsx';
import {
  FIX_CLASS,
  FIX_ROW_CLASS,
  isFlagged,
  LINE_HEAD_CLASS,
  LINE_MAIN_CLASS,
  NOTICES_CLASS,
  QTY_CLASS,
  qtyText,
  REMOVE_CLASS,
  removeInnerHtml,
  SUMMARY_LINE_CLASS,
  summaryLineHeadHtml,
  summaryNoticesHtml,
  summaryThumbHtml,
} from './summary-html.ts';

interface Props {
  line: CartLine;
  check: LineCheck;
  /** Show the quantity and Remove controls (a flagged line, and one a 409 named, until the order is placed). */
  editable: boolean;
  /** One stepper step, within the stock when it is known. */
  onStep: (delta: 1 | -1, max?: number) => void;
  onRemove: () => void;
}

export function SummaryLine({ line, check, editable, onStep, onRemove }: Props) {
  return (
    <li className={SUMMARY_LINE_CLASS} data-testid="checkout-line" data-product-id={line.productId}>
      <div className="shrink-0" dangerouslySetInnerHTML={{ __html: summaryThumbHtml(line, check) }} />
      <div className={LINE_MAIN_CLASS}>
        <div className={LINE_HEAD_CLASS} dangerouslySetInnerHTML={{ __html: summaryLineHeadHtml(line, check) }} />
        <p className={QTY_CLASS} data-testid="checkout-line-quantity">
          {qtyText(line)}
        </p>
        {isFlagged(check, editable) && (
          <div className={FIX_CLASS}>
            <ul className={NOTICES_CLASS} data-testid="checkout-line-notices" dangerouslySetInnerHTML={{ __html: summaryNoticesHtml(check.notices) }} />
            <div className={FIX_ROW_CLASS}>
              {check.available && <QuantityStepper title={line.productTitle} quantity={line.quantity} max={check.maxQuantity} onStep={(d) => onStep(d, check.maxQuantity)} />}
              <button type="button" onClick={onRemove} className={REMOVE_CLASS} dangerouslySetInnerHTML={{ __html: removeInnerHtml(line) }} />
            </div>
          </div>
        )}
      </div>
    </li>
  );
}
