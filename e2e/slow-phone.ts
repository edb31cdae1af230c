/**
 * The slow phone the store is tried on (the same as `npm run bench:slow-phone`): 400 kbps both
 * ways, 400 ms latency, the CPU 6× slower, through Chromium's emulation over CDP.
 */
import type { Page } from '@playwright/test';

export async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (400 * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}
