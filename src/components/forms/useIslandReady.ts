/**
 * The store's forms (accounts, checkout, order tracking, reviews) are static HTML until their island hydrates (client:interact: the first
 * focus, pointer or key). EarlySubmit.astro holds back a submit or a button click that comes
 * before then (so the form is never sent the browser's way, with the password in a URL) and
 * marks what it held with `data-held`. Once mounted, the island says it is ready
 * (`data-ready` on its root) and does what was held: the shopper loses nothing.
 */
import { useEffect, useRef } from 'react';
import { useMounted } from '#components/hooks.ts';

export function useIslandReady<T extends HTMLElement>() {
  const mounted = useMounted();
  const root = useRef<T>(null);
  useEffect(() => {
    if (!mounted) return;
    const held = root.current?.querySelector<HTMLElement>('[data-held]');
    if (!held) return;
    held.removeAttribute('data-held');
    if (held instanceof HTMLFormElement) held.requestSubmit();
    else held.click();
  }, [mounted]);
  return { mounted, root, rootProps: { 'data-account-island': '', 'data-ready': mounted ? '' : undefined } };
}
