/**
 * A meter of a page's layout shift (CLS), read by the e2e specs of pages that fill in after load
 * and by the search bench.
 */
import type { Page } from '@playwright/test';

/** Sums the page's layout shifts not caused by input into `window.__cls`, from its first paint. */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed so far (watchLayoutShift must have been called before the page loaded). */
export const layoutShift = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
