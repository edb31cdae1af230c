/**
 * Draws, when evaluated, the parts of the product page its HTML leaves to its script: the related
 * cards (related-cards.ts) and the Shipping tab (shipping-html.ts). The page's script imports it
 * before the buy box, so the cards are on the page before the buy box asks for the live figures
 * of every product the page shows (one request a page) and before the cards' scripts run.
 */
import { drawRelatedCards } from './related-cards.ts';
import { drawShipping } from './shipping-html.ts';

drawRelatedCards();
drawShipping();
