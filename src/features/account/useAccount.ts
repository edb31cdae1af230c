/**
 * The signed-in shopper's account for the account and profile pages: the stored copy at once
 * (SPEC.md section 3's keys), then GET /api/users/me, which is kept as the new stored copy. A 401
 * has already ended the session and left for /signin (authedRequest); any other failure is `failed`.
 */
import { useCallback, useEffect, useState } from 'react';
import { $userName } from '#features/session/store.ts';
import { $userAddress, $userEmail, $userJoinDate, $userPhone } from '#features/session/user.ts';
import { currentAccount, type Account } from './api.ts';
import { rememberAccount } from './signed-in.ts';
import { $account } from './store.ts';

export type AccountState =
  { status: 'loading' | 'failed'; account?: undefined; stored: Partial<Account> } | { status: 'ready'; account: Account; stored: Partial<Account> };

function storedCopy(): Partial<Account> {
  return { name: $userName.get(), email: $userEmail.get(), phone: $userPhone.get(), address: $userAddress.get(), createdAt: $userJoinDate.get() };
}

export function useAccount(mounted: boolean) {
  const [state, setState] = useState<AccountState>({ status: 'loading', stored: {} });

  const load = useCallback(async () => {
    const stored = storedCopy();
    setState({ status: 'loading', stored });
    const result = await currentAccount();
    // A 401 is on its way to /signin: the loading state stays until the page goes.
    if (!result.ok) return result.status === 401 ? undefined : setState({ status: 'failed', stored });
    rememberAccount(result.account);
    $account.set(result.account);
    setState({ status: 'ready', account: result.account, stored });
  }, []);

  useEffect(() => {
    if (mounted) void load();
  }, [mounted, load]);

  const update = useCallback((account: Account) => {
    rememberAccount(account);
    $account.set(account);
    setState((s) => ({ ...s, status: 'ready', account }));
  }, []);

  return { ...state, reload: load, update };
}
