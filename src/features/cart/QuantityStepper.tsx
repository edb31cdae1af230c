/**
 * Quantity -/+ of one cart line: never below 1, and not above the stock when the stock is known.
 * Its markup is line-html.ts's stepperHtml (what the cart page draws before React), as elements.
 */
import { iconHtml } from '#components/icons.ts';
import { ICON_SMALL, STEP_CLASS, STEP_COUNT_CLASS, STEPPER_CLASS, stepLimits, stepperLabels } from './line-html.ts';

interface Props {
  title: string;
  quantity: number;
  max?: number;
  /** A step, -1 or +1: the caller applies it to the quantity the cart holds then (actions.ts stepQuantity). */
  onStep: (delta: 1 | -1) => void;
}

export function QuantityStepper({ title, quantity, max, onStep }: Props) {
  const labels = stepperLabels(title);
  const { downOff, upOff } = stepLimits(quantity, max);
  return (
    <div role="group" aria-label={labels.group} className={STEPPER_CLASS}>
      <button type="button" className={STEP_CLASS} aria-label={labels.down} disabled={downOff} onClick={() => onStep(-1)} dangerouslySetInnerHTML={{ __html: iconHtml('minus', ICON_SMALL) }} />
      <span className={STEP_COUNT_CLASS} data-testid="line-quantity">
        {quantity}
      </span>
      <button type="button" className={STEP_CLASS} aria-label={labels.up} disabled={upOff} onClick={() => onStep(1)} dangerouslySetInnerHTML={{ __html: iconHtml('plus', ICON_SMALL) }} />
    </div>
  );
}
