/** Catalogue import, export and validation: see scripts/lib/catalog/cli.ts (`npm run catalog -- --help`). */
import { runCatalogCli } from './lib/catalog/cli.ts';

process.exitCode = await runCatalogCli(process.argv.slice(2));
