/**
 * The slow phone the store is tried on (the same as `npm run bench:slow-phone`): 400 kbps both
 * ways, 400 ms latency, the CPU 6× slower, through Chromium's emulation over CDP; and React held
 * back, for the moments before any island has started.
 */
import type { Page } from '@playwright/test';
import { holdRequest } from './requests.ts';

export async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (400 * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/** Holds React's file back until the returned function is called: no island can start before. */
export async function holdReact(page: Page): Promise<() => void> {
  return holdRequest(page, /\/_astro\/react\.[^/]*$/, { every: true });
}
