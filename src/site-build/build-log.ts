/**
 * Astro's log, with its line a page folded into one running count. At 10,000 products Astro writes
 * two log events a page (the file, then its time), 20,000 writes to the pipe that the parent reads
 * back line by line (run-astro.ts), about half a second of the build's main thread. Everything else
 * (Astro's phases, warnings, errors) goes through Astro's own console destination as it was.
 * Named as the `logger` entrypoint in astro.config.mjs; `astro dev` has no page lines and is unchanged.
 */
import nodeLogger, { type NodeHandlerConfig } from 'astro/logger/node';
import type { AstroLoggerDestination, AstroLoggerMessage } from 'astro';

/** How often the running count is written while pages are generated. */
const PROGRESS_EVERY_MS = 2000;
/** Astro's line for one page (`  ├─ /product/x/index.html`) and the time it adds after it (`(+65ms)`). */
const PAGE_LINE = /[├└]─ \//;
const PAGE_TIME = /^\s*\(\+[\d.]+m?s\)\s*$/;

export default function buildLog(config?: NodeHandlerConfig): AstroLoggerDestination {
  const console = nodeLogger(config);
  let pages = 0;
  let lastReport = performance.now();
  return {
    write(event: AstroLoggerMessage) {
      const message = String(event.message);
      if (event.level === 'info' && PAGE_LINE.test(message)) {
        pages++;
        const now = performance.now();
        if (now - lastReport > PROGRESS_EVERY_MS) {
          lastReport = now;
          process.stdout.write(`[build] … ${pages.toLocaleString('en')} pages written\n`);
        }
        return;
      }
      if (event.level === 'info' && event.label === 'SKIP_FORMAT' && PAGE_TIME.test(message)) return;
      console.write(event);
    },
  };
}
