/**
 * The profile page's own script, no React: it asks for the account (view.ts) and draws the card as
 * the island renders it in view mode (profile-html.ts), loading, failed or the details. The island
 * (ProfilePage, `client:interact`) starts at the shopper's first interaction with the page's
 * content and renders this very state; from its first render it draws, and this script stops. A
 * tap on Edit Profile or Try Again before then is held and done once the island is ready
 * (EarlySubmit).
 */
import { profileCardHtml } from './profile-html.ts';
import { $accountLoad, islandHasTaken, startLoads } from './view.ts';

let drawn = '';
const stop = $accountLoad.subscribe((load) => {
  const card = document.querySelector('[data-profile-card]');
  const html = profileCardHtml(load);
  if (islandHasTaken()) return queueMicrotask(() => stop());
  if (card && html !== drawn) card.innerHTML = drawn = html;
});
startLoads(false);
