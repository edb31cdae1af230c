/** The shop's staff from the command line: see scripts/lib/staff/cli.ts (`npm run staff -- --help`). */
import { runStaffCli } from './lib/staff/cli.ts';

process.exitCode = await runStaffCli(process.argv.slice(2));
