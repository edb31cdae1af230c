/** One wishlisted product: picture and name (link to the product), price, stock, Move to Cart and remove. */
import type { WishlistItem } from '#lib/schemas/cart.ts';
import { formatRs, salePrice } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { stockBadge } from '#components/stock-badge.ts';
import { LineIcon } from '#components/LineIcon.tsx';
import { ProductThumb } from '#components/ProductThumb.tsx';

interface Props {
  item: WishlistItem;
  onMove: () => void;
  onRemove: () => void;
}

export function WishlistCard({ item, onMove, onRemove }: Props) {
  const href = paths.product(item._id);
  const sale = salePrice(item);
  const soldOut = item.stock <= 0;
  const badge = stockBadge(item.stock);
  const noteId = `wishlist-out-${item._id}`;
  return (
    <li className="card group" data-testid="wishlist-item" data-product-id={item._id}>
      <a href={href} tabIndex={-1} aria-hidden="true" className="card-media">
        <ProductThumb src={item.image} size={240} className="card-image" />
      </a>
      <button type="button" onClick={onRemove} aria-label={`Remove ${item.name} from wishlist`} className="card-wish text-red-600">
        <LineIcon name="trash" />
      </button>
      <div className="card-body">
        <h2 className="card-title">
          <a href={href} className="hover:text-brand-700">{item.name}</a>
        </h2>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-stone-900" data-testid="price">{formatRs(sale)}</span>
          {sale < item.price && (
            <s className="price-was text-xs">
              <span className="sr-only">Was </span>
              {formatRs(item.price)}
            </s>
          )}
        </p>
        <div><span className={badge.className}>{badge.label}</span></div>
        <div className="mt-auto pt-1">
          <button type="button" className="card-cart" disabled={soldOut} aria-describedby={soldOut ? noteId : undefined} onClick={onMove}>
            {soldOut ? 'Out of Stock' : 'Move to Cart'}
          </button>
          {soldOut && (
            <p id={noteId} className="mt-1 text-xs text-stone-600">Out of stock: it can't be moved to the cart.</p>
          )}
        </div>
      </div>
    </li>
  );
}
