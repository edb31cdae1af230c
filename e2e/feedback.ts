/**
 * e2e helpers for short-lived feedback (a toast lives 1 s, 'Adding...' 0.3 s): the page logs what it
 * showed and when, so a busy machine's slow polling cannot miss it.
 */
import type { Locator, Page } from '@playwright/test';

/**
 * Logs every toast the live region shows, with when it came and went: a toast lives 1 s, too short to
 * be sure of catching by polling on a busy machine.
 */
export async function watchToasts(page: Page) {
  await page.locator('[data-toasts]').evaluate((region) => {
    const log: { text: string; type: string; shown: number; gone?: number }[] = ((window as unknown as { toastLog: unknown }).toastLog = []);
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) if (n instanceof HTMLElement) log.push({ text: n.textContent ?? '', type: n.dataset.type ?? '', shown: performance.now() });
        for (const n of r.removedNodes) {
          const entry = log.find((e) => e.text === (n as HTMLElement).textContent && e.gone === undefined);
          if (entry) entry.gone = performance.now();
        }
      }
    }).observe(region, { childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastLog: { text: string; type: string; shown: number; gone?: number }[] }).toastLog);
}

/** Logs a button's texts as they change, with when (the feedback states last 0.3 s and 2 s). */
export async function logTexts(button: Locator) {
  await button.evaluate((el) => {
    const log: { text: string; at: number }[] = ((window as unknown as { textLog: unknown }).textLog = []);
    new MutationObserver(() => log.push({ text: el.textContent?.trim() ?? '', at: performance.now() })).observe(el, { childList: true, characterData: true, subtree: true });
  });
}
export const loggedTexts = (page: Page) => page.evaluate(() => (window as unknown as { textLog: { text: string; at: number }[] }).textLog);

