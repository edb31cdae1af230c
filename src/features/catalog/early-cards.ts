/**
 * Cards drawn before their island ran (the search page draws its first results from the early
 * reply: features/search/early-results.ts), kept here for the island to adopt. The island's card
 * for a product takes the drawn element into its own list when it is the very same markup
 * (card-html.ts, same product, layout and loading), instead of making it again: the pictures,
 * the hearts already set and whatever the shopper sees stay exactly as they were.
 * One module, so the page's early script and the island share it.
 */
const drawn = new Map<string, { html: string; card: Element }>();

/** `list`'s items become these cards, each `<li>` holding one; remembered for adoption. */
export function drawCards(list: Element, cards: { id: string; html: string }[]): void {
  list.innerHTML = cards.map((c) => `<li>${c.html}</li>`).join('');
  cards.forEach((c, i) => {
    const card = list.children[i]?.firstElementChild;
    if (card) drawn.set(c.id, { html: c.html, card });
  });
}

/** The card drawn for product `id` when it was made from exactly `html`; else undefined. */
export function drawnCard(id: string, html: string): Element | undefined {
  const entry = drawn.get(id);
  return entry?.html === html ? entry.card : undefined;
}

/** How many cards were drawn early. */
export function drawnCount(): number {
  return drawn.size;
}
