/**
 * ProductCard.astro for React islands: the same markup, classes and data attributes, so the
 * page-wide delegated handler wires its heart (`button[data-wishlist-toggle]`) and its Add to
 * Cart (`button[data-add-to-cart]`, reading `data-item`) exactly as on a static card. Change the
 * two together; e2e/category-controls.spec.ts compares a static card with this one.
 *
 * `layout="list"` is the horizontal variant of the search and category list views: the same
 * elements, with the picture beside the text.
 */
import type { ListedProduct } from './listing-api.ts';
import { responsiveImage } from '#lib/images.ts';
import { discountPercent, formatRs, salePrice } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { starsPercent } from '#components/stars.ts';
import { ICON_PATHS } from '#components/icons.ts';
import { formatCount, ratedLabel } from '#features/reviews/ratings.ts';
import { itemData } from '#features/catalog/item.ts';
import { inStock, stockBadge } from './stock.ts';
import { cardSearchText } from '#features/search/match.ts';

const SIZES = { grid: '(min-width: 1280px) 220px, (min-width: 768px) 25vw, 50vw', list: '160px' } as const;

export interface ProductCardViewProps {
  product: ListedProduct;
  layout?: 'grid' | 'list';
  eager?: boolean;
}

export default function ProductCardView({ product, layout = 'grid', eager = false }: ProductCardViewProps) {
  const percent = discountPercent(product);
  const soldOut = !inStock(product.stock);
  const href = paths.product(product._id);
  const image = responsiveImage(product.images[0] ?? product.image);
  const sale = salePrice(product);
  const badge = stockBadge(product.stock);
  const list = layout === 'list';
  return (
    <article className={list ? 'card group flex-row' : 'card group'} data-testid="product-card" data-product-id={product._id} data-item={itemData(product)} data-search={cardSearchText(product)}>
      <a href={href} className={list ? 'card-media w-28 shrink-0 self-start sm:w-40' : 'card-media'} tabIndex={-1} aria-hidden="true">
        <picture>
          {image.avifSrcset && <source type="image/avif" srcSet={image.avifSrcset} sizes={SIZES[layout]} />}
          {image.webpSrcset && <source type="image/webp" srcSet={image.webpSrcset} sizes={SIZES[layout]} />}
          <img src={image.src} alt="" width={image.width} height={image.height} loading={eager ? 'eager' : 'lazy'} decoding="async" className="card-image" />
        </picture>
        {percent > 0 && <span className="card-discount">-{percent}%</span>}
      </a>
      <button type="button" className="card-wish" aria-label={`Add ${product.name} to wishlist`} aria-pressed="false" data-wishlist-toggle={product._id}>
        <svg viewBox="0 0 24 24" className="icon h-5 w-5" aria-hidden="true">
          <path d={ICON_PATHS.heart} />
        </svg>
      </button>
      <div className={list ? 'card-body min-w-0 pr-12' : 'card-body'}>
        <p className="card-brand">{product.brand}</p>
        <h3 className={list ? 'card-title min-h-0' : 'card-title'}>
          <a href={href} className="card-link" data-item-name="">
            {product.name}
          </a>
        </h3>
        {product.numRatings > 0 ? (
          <span className="inline-flex items-center gap-1">
            <span className="stars text-sm" role="img" aria-label={ratedLabel(product.rating)}>
              <span className="stars-back">★★★★★</span>
              <span className="stars-front" style={{ width: `${starsPercent(product.rating)}%` }}>
                ★★★★★
              </span>
            </span>
            <span className="text-xs text-stone-500" data-testid="card-rating">
              ({formatCount(product.numRatings)}
              <span className="sr-only"> {product.numRatings === 1 ? 'rating' : 'ratings'}</span>)
            </span>
          </span>
        ) : (
          <span className="text-xs text-stone-500" data-testid="card-rating">
            No ratings yet
          </span>
        )}
        <span className="inline-flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-stone-900" data-testid="price">
            {formatRs(sale)}
          </span>
          {sale < product.price && (
            <s className="price-was text-xs">
              <span className="sr-only">Was </span>
              {formatRs(product.price)}
            </s>
          )}
        </span>
        <div className="mt-auto pt-1">
          <span className={badge.className} data-testid="stock-badge">
            {badge.label}
          </span>
        </div>
        <button type="button" className={list ? 'card-cart sm:w-auto sm:self-start sm:px-6' : 'card-cart'} disabled={soldOut} data-add-to-cart={product._id}>
          {soldOut ? 'Out of Stock' : 'Add to Cart'}
        </button>
      </div>
    </article>
  );
}
