/** The store operator's orders command: see scripts/lib/orders/cli.ts (`npm run orders -- --help`). */
import { runOrdersCli } from './lib/orders/cli.ts';

process.exitCode = await runOrdersCli(process.argv.slice(2));
