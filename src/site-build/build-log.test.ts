import { afterEach, describe, expect, it, vi } from 'vitest';
import buildLog from './build-log.ts';

const event = (message: string, label: string | null = null, level: 'info' | 'warn' | 'error' = 'info') => ({ level, label, message, newLine: true }) as never;

describe('the build log', () => {
  afterEach(() => vi.restoreAllMocks());

  it("folds Astro's line a page (and its time) away and passes everything else on", () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
    const log = buildLog();
    for (let i = 0; i < 500; i++) {
      log.write(event(`  ├─ /product/p-${i}/index.html`));
      log.write(event(' (+12ms) ', 'SKIP_FORMAT'));
    }
    log.write(event('  └─ /sitemap-0.xml'));
    log.write(event('10259 page(s) built in 10.84s', 'build'));
    log.write(event('Could not read the catalogue from http://x', 'build', 'error'));
    const text = out.join('');
    expect(text).not.toContain('/product/p-');
    expect(text).not.toContain('(+12ms)');
    expect(text).toContain('10259 page(s) built in 10.84s');
    expect(text).toContain('Could not read the catalogue from http://x');
  });
});
