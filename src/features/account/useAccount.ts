/**
 * The signed-in shopper's account for the account and profile pages: GET /api/users/me once the
 * island has mounted. What it gives is kept in the browser (its localStorage keys, through the
 * session's rememberAccount) and shared with the page's other islands ($account). A 401 has
 * already ended the session and left for /signin (authedRequest); any other failure is `failed`,
 * with Try Again.
 */
import { useCallback, useEffect, useState } from 'react';
import { rememberAccount } from '#features/session/user.ts';
import { $account, currentAccount, type Account } from './api.ts';

export type AccountState = { status: 'loading' | 'failed'; account?: undefined } | { status: 'ready'; account: Account };

export function useAccount(mounted: boolean) {
  const [state, setState] = useState<AccountState>({ status: 'loading' });

  const keep = useCallback((account: Account) => {
    rememberAccount(account);
    $account.set(account);
    setState({ status: 'ready', account });
  }, []);

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const result = await currentAccount();
    if (result.ok) return keep(result.account);
    // A 401 is on its way to /signin: the loading state stays until the page goes.
    if (result.status !== 401) setState({ status: 'failed' });
  }, [keep]);

  useEffect(() => {
    if (mounted) void load();
  }, [mounted, load]);

  return { ...state, reload: load, update: keep };
}
