/**
 * One product of an island's listing: an `<li>` holding card-html.ts's card (the markup the static
 * cards and the search page's early cards share). A card already drawn before the island ran, from
 * the very same markup (early-cards.ts), is adopted: the element moves into this item as it is.
 * React sets the item's markup again only when the card's markup changes (another layout, newer
 * figures), which replaces an adopted card as it replaces its own.
 */
import { productCardHtml, type CardLayout, type CardProduct } from './card-html.ts';
import { drawnCard } from './early-cards.ts';

interface Props {
  product: CardProduct;
  layout: CardLayout;
  eager: boolean;
}

export default function ProductCardItem({ product, layout, eager }: Props) {
  const html = productCardHtml(product, { layout, eager });
  const drawn = drawnCard(product._id, html);
  const adopt = (li: HTMLLIElement | null) => {
    if (li && drawn && drawn.parentElement !== li) li.replaceChildren(drawn);
  };
  return <li ref={drawn ? adopt : undefined} dangerouslySetInnerHTML={{ __html: drawn ? '' : html }} />;
}
