/**
 * One cart line: picture, title (links to the product), prices, re-check notices, quantity, line
 * subtotal, remove. The still parts are line-html.ts's strings, the controls elements with its
 * classes and labels: the markup the cart page draws before React (cartLineHtml), which the
 * island takes over as it is.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import { paths } from '#lib/paths.ts';
import { capMessage, lineQuantityCap } from '#lib/line-cap.ts';
import { iconHtml } from '#components/icons.ts';
import { noticeText, type LineCheck } from './recheck.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import {
  ALERT_PATH,
  CAP_CLASS,
  LINE_BODY_CLASS,
  LINE_CLASS,
  LINE_ROW_CLASS,
  LINE_TOP_CLASS,
  lineLimits,
  lineSubtotalHtml,
  lineThumbHtml,
  lineTitleHtml,
  NOTICE_ICON,
  noticeClass,
  NOTICES_CLASS,
  REMOVE_CLASS,
  removeLabel,
  SHORT_FIX_CLASS,
  shortFixText,
  THUMB_LINK_CLASS,
} from './line-html.ts';

interface Props {
  line: CartLine;
  check: LineCheck;
  /** Sets the quantity ('Change quantity to N'). */
  onQuantity: (quantity: number) => void;
  /** One stepper step, within `max` (the stock or the line cap). */
  onStep: (delta: 1 | -1, max: number) => void;
  onRemove: () => void;
}

export function CartLineItem({ line, check, onQuantity, onStep, onRemove }: Props) {
  const { max, atCap } = lineLimits(line, check);
  return (
    <li className={LINE_CLASS} data-testid="cart-line" data-product-id={line.productId}>
      <a href={paths.product(line.productId)} tabIndex={-1} aria-hidden="true" className={THUMB_LINK_CLASS} dangerouslySetInnerHTML={{ __html: lineThumbHtml(line, check) }} />
      <div className={LINE_BODY_CLASS}>
        <div className={LINE_TOP_CLASS}>
          <div className="min-w-0" dangerouslySetInnerHTML={{ __html: lineTitleHtml(line) }} />
          <button type="button" onClick={onRemove} aria-label={removeLabel(line.productTitle)} className={REMOVE_CLASS} dangerouslySetInnerHTML={{ __html: iconHtml('trash', 'h-5 w-5') }} />
        </div>
        {check.notices.length > 0 && (
          <ul className={NOTICES_CLASS} data-testid="line-notices">
            {check.notices.map((n) => (
              <li key={n.kind} className={noticeClass(n)}>
                <svg viewBox="0 0 24 24" className={`icon ${NOTICE_ICON}`} aria-hidden="true" dangerouslySetInnerHTML={{ __html: ALERT_PATH }} />
                {noticeText(n)}
                {n.kind === 'short' && (
                  <button type="button" onClick={() => onQuantity(n.stock)} className={SHORT_FIX_CLASS}>
                    {shortFixText(n.stock)}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className={LINE_ROW_CLASS}>
          <QuantityStepper title={line.productTitle} quantity={line.quantity} max={max} onStep={(d) => onStep(d, max)} />
          <p className="text-right text-sm" dangerouslySetInnerHTML={{ __html: lineSubtotalHtml(line, check) }} />
        </div>
        {atCap && (
          <p className={CAP_CLASS} data-testid="line-cap" role="status">
            {capMessage(lineQuantityCap())}
          </p>
        )}
      </div>
    </li>
  );
}
