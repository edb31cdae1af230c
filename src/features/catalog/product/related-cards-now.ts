/**
 * Draws the related cards (related-cards.ts) when evaluated: the product page's script imports it
 * before the buy box, so the cards are on the page before the buy box asks for the live figures
 * of every product the page shows (one request a page) and before the cards' scripts run.
 */
import { drawRelatedCards } from './related-cards.ts';

drawRelatedCards();
