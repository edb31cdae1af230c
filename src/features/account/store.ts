/**
 * The signed-in shopper's account as the account page's islands share it: the page's island
 * loads it (useAccount), the password change form (an island of its own) reads its id from here.
 */
import { atom } from 'nanostores';
import type { Account } from './api.ts';

export const $account = atom<Account | undefined>(undefined);
