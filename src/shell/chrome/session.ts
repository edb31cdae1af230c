/**
 * Signed-in or not: `html[data-signed-in]` shows `[data-signed-in-only]` (profile menu, drawer Logout)
 * and hides `[data-signed-out-only]` (Sign In), through global.css. An inline script in BaseLayout sets
 * it before the first paint; this keeps it live when another tab signs in or out.
 *
 * A token also starts the cart and wishlist sync (features/sync/start.ts, in `<template
 * data-later="sync">`: guests never download it); a session that ends, here or in another tab, or
 * is found ended at load, empties the account's lists (features/session/signed-out.ts); a lapsed
 * one (a 401) has made them a guest's first, so they stay.
 */
import { $signedIn } from '#features/session/store.ts';
import { forgetAccountLists } from '#features/session/signed-out.ts';
import { runLater } from '#components/later.ts';

export function initSession(): void {
  $signedIn.subscribe((signedIn) => {
    document.documentElement.toggleAttribute('data-signed-in', signedIn);
    if (signedIn) runLater('sync');
    else forgetAccountLists();
  });
}
