/**
 * Says that the shop's pages are not up to date when the store's last rebuild of them failed
 * (src/lib/site-status.ts): why, and when the store tries again. Shown by the catalogue pages until
 * a rebuild succeeds; `useSiteFailure` asks the API every SITE_POLL_MS for pages that have no other
 * question to ask it (the product form has its own: the live state carries the failure).
 */
import { useEffect, useState } from 'react';
import { siteFailureText, type SiteBuildFailure } from '#lib/site-status.ts';
import { staffCall } from '#features/staff/api.ts';

/** How often a catalogue page asks whether the shop's pages are up to date. */
export const SITE_POLL_MS = 10_000;

export function SiteFailureNotice({ failing }: { failing: SiteBuildFailure | null | undefined }) {
  if (!failing) return null;
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="site-failing">
      {siteFailureText(failing)}
    </div>
  );
}

/** The failed rebuild the API reports now and every SITE_POLL_MS after; null while the pages are up to date. */
export function useSiteFailure(): SiteBuildFailure | null {
  const [failing, setFailing] = useState<SiteBuildFailure | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const r = await staffCall<{ failing: SiteBuildFailure | null }>('/site');
      if (stopped) return;
      if (r.ok) setFailing(r.data.failing);
      timer = setTimeout(() => void ask(), SITE_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return failing;
}
