// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { ARTWORK_DIR as artworkDir, buildConfig as config } from './src/site-build/config.ts';
import { islandPreload } from './src/site-build/island-preload.ts';
import { headersFile } from './src/site-build/headers-file.ts';
import { earlyCatalogue } from './src/site-build/early-catalogue.ts';
import { serviceWorker } from './src/site-build/service-worker.ts';
import { changedPages } from './src/site-build/changed-pages.ts';
import { everyPageChunk } from './src/site-build/every-page.ts';

/** The drawn artwork is linked into each build (src/site-build); `astro dev` serves it from where it is drawn. */
const IMAGE_TYPES = { '.avif': 'image/avif', '.webp': 'image/webp' };
function artworkInDev() {
  return {
    name: 'kiryana-artwork-in-dev',
    /** @param {import('vite').ViteDevServer} server */
    configureServer(server) {
      server.middlewares.use('/images', (req, res, next) => {
        const file = join(artworkDir, decodeURIComponent((req.url ?? '').split('?')[0]));
        const type = IMAGE_TYPES[/** @type {'.avif' | '.webp'} */ (extname(file))];
        if (!type || !file.startsWith(artworkDir) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', type);
        createReadStream(file).pipe(res);
      });
    },
  };
}

const LIST_MODULES = /src\/features\/((cart|wishlist)\/rules|toasts\/actions)\.ts|src\/lib\/outbox\.ts/;

/** Islands that hydrate on first interaction: src/lib/directives/interact.ts. */
function interactDirective() {
  return /** @type {import('astro').AstroIntegration} */ ({
    name: 'kiryana-client-interact',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interact', entrypoint: './src/lib/directives/interact.ts' });
      },
    },
  });
}

export default defineConfig({
  site: config.siteUrl,
  output: 'static',
  outDir: config.outDir,
  trailingSlash: 'ignore',
  // Pages render while earlier ones are written: 8 at a time measured fastest on 2 cores
  // (10,000 products: 29 s at 1, 21 s at 4, 18 s at 8, 20 s at 32).
  build: { format: 'directory', inlineStylesheets: 'never', concurrency: 8 },
  // React renders islands at build with renderToString rather than a stream: every product page
  // renders the reviews island, and the stream's setup cost more than the render (npm run bench:build).
  integrations: [react({ experimentalDisableStreaming: true }), interactDirective(), earlyCatalogue(), changedPages(), islandPreload(), headersFile(), serviceWorker()],
  vite: {
    plugins: [tailwindcss(), artworkInDev()],
    // The cart's cap on one line is the server's (src/lib/line-cap.ts), baked into the browser code.
    define: { 'import.meta.env.PUBLIC_ORDER_MAX_LINE_QUANTITY': JSON.stringify(String(config.orderMaxLineQuantity)) },
    build: {
      rolldownOptions: {
        output: {
          // What every page runs before any interaction (what the chrome's entry imports: the
          // stores and theirs, nanostores, zod/mini) in one chunk instead of ten, found by following
          // the entry's imports (src/site-build/every-page.ts).
          // What changes the cart and wishlist (their rules, the toasts they raise, the sync's
          // outbox) in one chunk, loaded only where a shopper changes the lists or the sync runs
          // (apart, rolldown cuts it into five files by which pages use each); the actions beside
          // it, which the sync does not need. React in one file rather than four; the islands' hooks
          // and icons in one (every page that starts an island at load uses both, but search).
          codeSplitting: {
            groups: [
              { name: everyPageChunk('shop'), priority: 3 },
              { name: 'react', test: /node_modules\/(react|react-dom|scheduler)\//, priority: 3 },
              // The icons' markup, which pages draw before React too: kept out of the islands' `ui`
              // chunk (a group takes its modules' imports along), which imports React.
              { name: 'icons', test: /src\/components\/icons\.ts/, priority: 3 },
              { name: 'money', test: /src\/lib\/(money|numbers)\.ts/, priority: 2 },
              { name: 'ui', test: /src\/components\/(hooks\.ts|LineIcon\.tsx)/, priority: 2 },
              { name: 'lists', test: LIST_MODULES, priority: 1 },
              { name: 'list-actions', test: /src\/features\/(cart|wishlist)\/actions\.ts/, priority: 0 },
            ],
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
  // Astro's log with its line a page folded into a running count (half a second of a 10,000-product build).
  logger: { entrypoint: './src/site-build/build-log.ts' },
});
