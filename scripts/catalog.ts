/** Catalogue import, export and validation: see src/server/catalog/cli.ts (`npm run catalog -- --help`). */
import { runCatalogCli } from '../src/server/catalog/cli.ts';

process.exitCode = await runCatalogCli(process.argv.slice(2));
