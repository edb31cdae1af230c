/** Generates a large deterministic catalogue: see scripts/lib/catalog/generate-cli.ts. */
import { runGenerateCli } from './lib/catalog/generate-cli.ts';

process.exitCode = await runGenerateCli(process.argv.slice(2));
