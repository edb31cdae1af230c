/**
 * `npm run orders -- list [--status S] [--limit N] | find PHONE|NAME [--limit N] | show NUMBER |
 *   advance NUMBER STATUS | cancel NUMBER`. Times print in Pakistan time, as shoppers see them.
 * Exit codes: 0 done; 1 refused (unknown number, a move the lifecycle does not allow, no way to
 * reach the orders); 2 usage (printed with the help). Never calls process.exit (tests run it
 * in-process as well as as a child process).
 *
 * With DATABASE_URL (or --database-url) it works on PostgreSQL directly. On the embedded database
 * it opens the data directory when it can; while `npm start` holds it, it goes through the running
 * store's operator channel (src/server/operator-channel.ts).
 */
import { parseArgs } from 'node:util';
import { ORDER_STATUSES, type OrderStatus } from '#lib/schemas/orders.ts';
import { systemClock } from '#server/clock.ts';
import { config, type Config } from '#server/config.ts';
import { HttpError } from '#server/http/errors.ts';
import { createDesk } from '#server/desk/service.ts';
import { databaseOperations, type OrderOperations } from '#server/orders/operations.ts';
import { formatList, formatOrder } from './format.ts';
import { remoteOperations } from './remote.ts';
import { databaseOrChannel, type Connected } from '../operator-connect.ts';

const USAGE = `Usage: npm run orders -- <command> [options]
  list [--status STATUS] [--limit N]   orders newest first (default limit 50)
  find PHONE|NAME [--limit N]          orders by the customer's phone (any way it is written)
                                       or by a part of their name (any case), newest first
  show NUMBER                          one order: lines, address, totals, timeline
  advance NUMBER STATUS                move an order: ${ORDER_STATUSES.join(', ')}
                                       (forward, skips allowed; Cancelled from any but a final status)
  cancel NUMBER                        cancel an order as the shop does: its items go back to stock
                                       (not once it is Delivered)
  --data-dir DIR       embedded database directory (default: $KIRYANA_DATA_DIR, else ./data/pglite)
  --database-url URL   PostgreSQL (default: $DATABASE_URL)
NUMBER is like KR-7F3K-9Q2M (any case; dashes optional). Times are Pakistan time (PKT, UTC+5).`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  config?: Config;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

type Parsed =
  | { command: 'list'; status?: OrderStatus; limit: number }
  | { command: 'find'; text: string; limit: number }
  | { command: 'show'; number: string }
  | { command: 'cancel'; number: string }
  | { command: 'advance'; number: string; status: OrderStatus };

/** The command line as a command, or the usage problem in words. */
function parseCommand(positionals: string[], values: { status?: string; limit?: string }): Parsed | string {
  const [command, ...rest] = positionals;
  const status = (s: string | undefined) => ORDER_STATUSES.find((x) => x.toLowerCase() === s?.toLowerCase());
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return '--limit must be a whole number from 1 to 1000';
  if (command === 'find') {
    if (values.status !== undefined) return '--status belongs to list';
    // A name may be typed without quotes: find Ayesha Khan.
    return rest.length ? { command, text: rest.join(' '), limit } : 'find takes a phone number or a name';
  }
  if (command === 'list') {
    if (rest.length) return `list takes no arguments (got ${rest.join(' ')})`;
    if (values.status !== undefined && !status(values.status)) return `--status must be one of ${ORDER_STATUSES.join(', ')}`;
    return { command, status: status(values.status), limit };
  }
  if (values.status !== undefined || values.limit !== undefined) return '--status and --limit belong to list (and --limit to find)';
  if (command === 'show' || command === 'cancel') return rest.length === 1 ? { command, number: rest[0] } as Parsed : `${command} takes one order number`;
  if (command === 'advance') {
    if (rest.length !== 2) return 'advance takes an order number and a status';
    const to = status(rest[1]);
    return to ? { command, number: rest[0], status: to } : `STATUS must be one of ${ORDER_STATUSES.join(', ')}`;
  }
  return command ? `Unknown command '${command}'` : 'A command is required';
}

/**
 * The database (with a mailer: a move to Shipped, Delivered or Cancelled mails the shopper, through
 * SMTP_URL, or printed on standard error so the command's own answer stays alone on standard
 * output), or the running store's channel when the store holds the embedded database (the store mails).
 */
function connect(settings: Config, io: CliIo, url: string | undefined, dataDir: string): Promise<Connected<OrderOperations>> {
  return databaseOrChannel(
    url,
    dataDir,
    { smtpUrl: settings.smtpUrl, from: settings.mailFrom, log: (line) => io.err(line) },
    (handle, mailer) => databaseOperations(handle.db, createDesk({ db: handle.db, clock: systemClock, mailer, siteUrl: settings.siteUrl.replace(/\/+$/, '') })),
    remoteOperations,
  );
}

export async function runOrdersCli(argv: string[], io: CliIo = consoleIo): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        status: { type: 'string' },
        limit: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    io.out(USAGE);
    return 0;
  }
  const parsed = parseCommand(args.positionals, args.values);
  if (typeof parsed === 'string') {
    io.err(`${parsed}.\n${USAGE}`);
    return 2;
  }
  const settings = io.config ?? config;
  let connection;
  try {
    connection = await connect(settings, io, args.values['database-url'] ?? settings.databaseUrl, args.values['data-dir'] ?? settings.dataDir);
  } catch (err) {
    io.err((err as Error).message);
    return 1;
  }
  try {
    const ops = connection.operations;
    if (parsed.command === 'list') formatList(await ops.list(parsed)).forEach((l) => io.out(l));
    else if (parsed.command === 'find') formatList(await ops.find(parsed.text, parsed.limit)).forEach((l) => io.out(l));
    else if (parsed.command === 'cancel') {
      const order = await ops.cancel(parsed.number);
      io.out(`Order ${order.orderNumber} is now Cancelled (was ${order.statusHistory.at(-2)?.status}); its items are back in stock.`);
    } else if (parsed.command === 'show') formatOrder(await ops.show(parsed.number)).forEach((l) => io.out(l));
    else {
      const order = await ops.advance(parsed.number, parsed.status);
      const from = order.statusHistory.at(-2)?.status;
      io.out(`Order ${order.orderNumber} is now ${order.status}${from ? ` (was ${from})` : ''}.`);
    }
    return 0;
  } catch (err) {
    io.err(err instanceof HttpError || err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await connection.close();
  }
}
