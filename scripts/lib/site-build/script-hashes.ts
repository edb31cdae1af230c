/**
 * The CSP needs the hash of every inline script the build wrote (src/server/page-headers.ts). This
 * integration takes them from each page as it renders (script-hashes-middleware.ts) and writes the
 * list beside the pages (SCRIPT_HASHES_FILE), which writePageHeaders reads instead of reading every
 * page back: on 10,000 product pages that read took seconds after every build.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { SCRIPT_HASHES_FILE } from '#server/page-headers.ts';
import { collectedScriptHashes } from './script-hashes-store.ts';

export function scriptHashes(): AstroIntegration {
  return {
    name: 'kiryana-script-hashes',
    hooks: {
      'astro:config:setup': ({ addMiddleware }) => {
        addMiddleware({ order: 'post', entrypoint: new URL('./script-hashes-middleware.ts', import.meta.url) });
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        const { hashes, pages } = collectedScriptHashes();
        // Only a list that saw every page written: otherwise no file, and every page is read back.
        const written = [...assets.values()].flat().filter((url) => url.pathname.endsWith('.html')).length;
        if (pages !== written) {
          logger.warn(`saw ${pages} of ${written} pages render: the pages' inline scripts will be read from disk`);
          return;
        }
        await writeFile(join(fileURLToPath(dir), SCRIPT_HASHES_FILE), `${JSON.stringify([...hashes].sort())}\n`);
      },
    },
  };
}
