/** Generates a large deterministic catalogue: see src/server/catalog/generate-cli.ts. */
import { runGenerateCli } from '../src/server/catalog/generate-cli.ts';

process.exitCode = await runGenerateCli(process.argv.slice(2));
