/**
 * Taking a product off sale (after the editor confirms, told what it means) or putting it back.
 * Off sale, shoppers no longer find or order it; the orders that have it keep it as it was.
 */
import { useState } from 'react';
import { ui } from '#components/forms/ui.ts';

export const SALE_TEXT = {
  off: 'Take off sale',
  on: 'Put back on sale',
  confirm: 'Shoppers will no longer find it or be able to order it, and its page leaves the shop. Orders that already have it keep it as it was. Take it off sale?',
  yes: 'Yes, take it off sale',
  no: 'Keep it on sale',
  isOff: 'This product is off sale: shoppers cannot find or order it.',
} as const;

export function SaleSwitch({ onSale, busy, onSet }: { onSale: boolean; busy: boolean; onSet: (onSale: boolean) => void }) {
  const [asking, setAsking] = useState(false);
  if (!onSale) {
    return (
      <div className="staff-sale" data-testid="sale-switch">
        <p className="text-sm font-semibold text-red-800">{SALE_TEXT.isOff}</p>
        <button type="button" className={ui.secondary} disabled={busy} onClick={() => onSet(true)}>
          {SALE_TEXT.on}
        </button>
      </div>
    );
  }
  return (
    <div className="staff-sale" data-testid="sale-switch">
      {!asking ? (
        <button type="button" className="staff-button-danger" disabled={busy} onClick={() => setAsking(true)}>
          {SALE_TEXT.off}
        </button>
      ) : (
        <div role="group" aria-label="Take off sale?" className="grid gap-2">
          <p className="text-sm text-stone-800">{SALE_TEXT.confirm}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="staff-button-danger"
              disabled={busy}
              onClick={() => {
                setAsking(false);
                onSet(false);
              }}
            >
              {SALE_TEXT.yes}
            </button>
            <button type="button" className="staff-button-small" onClick={() => setAsking(false)}>
              {SALE_TEXT.no}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
