/**
 * Rebuilding only the pages a catalogue change touched, inside `astro build`:
 * - with KIRYANA_INCREMENTAL set (a ChangePlan, src/features/catalog/build-data.ts), Astro's
 *   prerenderer is wrapped so that it renders only the pages planPages (page-plan.ts, from what
 *   the routes declare) names, and the files made from the whole catalogue;
 *   everything else of the new site is linked from the previous one afterwards (build-site.ts);
 * - every build keeps the catalogue it was made from in the site, for the next such rebuild (a
 *   full one the whole catalogue in SNAPSHOT_FILE, a rebuild of changed pages what changed since
 *   in CHANGES_FILE), and says what it rendered in RESULT_FILE.
 * A code change never comes here: the store rebuilds everything then (site-keeper.ts).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { catalogueChanges, CHANGES_FILE, loadCatalogue, SNAPSHOT_FILE, type ChangePlan } from '#features/catalog/build-data.ts';
import { pageKey, WHOLE_CATALOGUE_FILES } from '#features/catalog/page-inputs.ts';
import { builtSearchIndex } from '#features/search/build-index.ts';
import { declaredRoutes, planPages, type PagesPlan } from './page-plan.ts';

/** What the build rendered: everything, or the changed pages (then `removed`: keys of pages gone). */
export const RESULT_FILE = '.kiryana/result.json';
export type BuildOutcome =
  | { mode: 'full'; reason?: string; rendered: number }
  /** `files`: what was rendered, paths in the site ('/' between folders). */
  | { mode: 'changed'; rendered: number; removed: string[]; files: string[] };

const PLAN = Symbol.for('kiryana.build.pages-plan');
const shared = globalThis as { [PLAN]?: PagesPlan };

/** Whether this build renders only the changed pages: the integrations that read every page leave the previous build's files. */
export const changedPagesOnly = () => shared[PLAN]?.mode === 'changed';

const ms = (value: number) => `${Math.round(value)} ms`;

async function hadSearchIndex(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.some((name) => WHOLE_CATALOGUE_FILES.test(`/${name}`) && name.startsWith('search-index'));
}

export function changedPages(): AstroIntegration {
  let rendered = 0;
  return {
    name: 'kiryana-changed-pages',
    hooks: {
      'astro:build:start': ({ setPrerenderer, logger }) => {
        const planFile = process.env.KIRYANA_INCREMENTAL;
        if (!planFile) return;
        setPrerenderer((standard) => ({
          name: 'kiryana-changed-pages',
          setup: async () => standard.setup?.(),
          render: (request, options) => standard.render(request, options),
          teardown: async () => standard.teardown?.(),
          async getStaticPaths() {
            const began = performance.now();
            const all = await standard.getStaticPaths();
            const pathsAt = performance.now();
            const [catalogue, routes] = await Promise.all([loadCatalogue(), declaredRoutes()]);
            const { previousDir } = JSON.parse(await readFile(planFile, 'utf8')) as ChangePlan;
            const indexChanged = (await builtSearchIndex()) !== null !== (await hadSearchIndex(previousDir));
            const plan = planPages(routes, catalogue.previous!, catalogue, indexChanged);
            shared[PLAN] = plan;
            if (plan.mode === 'full') {
              rendered = all.length;
              return all;
            }
            const chosen = all.filter(({ pathname }) => plan.render.has(pageKey(pathname)) || WHOLE_CATALOGUE_FILES.test(pathname));
            const found = new Set(chosen.map(({ pathname }) => pageKey(pathname)));
            const missing = [...plan.render].filter((key) => !found.has(key));
            // A page the plan names but no route makes: the plan and the routes disagree, and a
            // partial site would keep a stale page. Fail, so that the store builds everything.
            if (missing.length) throw new Error(`The changed pages ${missing.slice(0, 3).join(', ')} are made by no route.`);
            rendered = chosen.length;
            logger.info(`${chosen.length} of ${all.length} pages to render: paths ${ms(pathsAt - began)}, plan ${ms(performance.now() - pathsAt)}`);
            return chosen;
          },
        }));
      },
      'astro:build:done': async ({ dir, assets, logger }) => {
        const root = fileURLToPath(dir);
        const files = [...assets.values()].flatMap((urls) => urls.map((url) => relative(root, fileURLToPath(url)).split(sep).join('/')));
        const catalogue = await loadCatalogue();
        const plan = shared[PLAN];
        const outcome: BuildOutcome =
          plan?.mode === 'changed' ? { mode: 'changed', rendered, removed: plan.removed, files } : { mode: 'full', reason: plan?.mode === 'full' ? plan.reason : undefined, rendered };
        const began = performance.now();
        await mkdir(dirname(join(root, SNAPSHOT_FILE)), { recursive: true });
        const changes = catalogueChanges();
        await Promise.all([
          // The whole catalogue after a full build; after a rebuild of changed pages, what changed since.
          outcome.mode === 'changed' && changes
            ? writeFile(join(root, CHANGES_FILE), JSON.stringify(changes))
            : writeFile(join(root, SNAPSHOT_FILE), JSON.stringify({ categories: catalogue.categories, products: catalogue.products })),
          writeFile(join(root, RESULT_FILE), JSON.stringify(outcome)),
        ]);
        logger.info(`the catalogue kept for the next rebuild in ${ms(performance.now() - began)}`);
      },
    },
  };
}
