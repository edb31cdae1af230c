/**
 * A product card still loading: the card's boxes (card-html.ts) with the same classes (picture, brand,
 * two-line title, stars, price, stock badge, Add to Cart) and grey bars where the text will be,
 * so a grid of skeletons takes the very space of the grid of cards that replaces it and nothing
 * below moves when results arrive. Change it with card-html.ts; e2e/search-page-loading.spec.ts
 * compares the two boxes at phone and desktop widths.
 */
const BAR = 'inline-block rounded bg-stone-200 align-middle';

export default function CardSkeleton({ layout = 'grid' }: { layout?: 'grid' | 'list' }) {
  const list = layout === 'list';
  return (
    <div className={`${list ? 'card flex-row' : 'card'} animate-pulse`} aria-hidden="true" data-testid="card-skeleton">
      <div className={list ? 'card-media w-28 shrink-0 self-start sm:w-40' : 'card-media'} />
      <div className={list ? 'card-body min-w-0 pr-12' : 'card-body'}>
        <p className="card-brand">
          <span className={`${BAR} h-2.5 w-1/3`} />
        </p>
        {/* A list's title takes the one line or two it needs: one, most often, at every width. */}
        <p className={list ? 'card-title min-h-0' : 'card-title'}>
          <span className={`${BAR} h-3 w-5/6`} />
        </p>
        <span className="inline-flex items-center gap-1">
          <span className="stars text-sm">
            <span className="stars-back">★★★★★</span>
          </span>
          <span className="text-xs">&nbsp;</span>
        </span>
        <span className="font-semibold">
          <span className={`${BAR} h-4 w-16`} />
        </span>
        <div className="mt-auto pt-1">
          <span className="badge bg-stone-100 text-transparent">In Stock</span>
        </div>
        <span className={`${list ? 'card-cart sm:w-auto sm:self-start sm:px-6' : 'card-cart'} bg-stone-200 text-center text-transparent hover:bg-stone-200`}>Add to Cart</span>
      </div>
    </div>
  );
}
