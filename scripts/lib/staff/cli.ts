/**
 * `npm run staff -- add EMAIL --role ROLE | list`. `add` mails a one-time link (72 hours) that
 * makes a staff member: the way the shop's first owner is made. `list` prints the members and the
 * invitations still open. Exit codes: 0 done; 1 refused (a member already, no way to reach the
 * database); 2 usage. Never calls process.exit (tests run it in-process).
 *
 * With DATABASE_URL (or --database-url) it works on PostgreSQL directly, mailing through SMTP_URL
 * (or printing the mail). On the embedded database it opens the data directory when it can; while
 * `npm start` holds it, it goes through the running store's operator channel, and the store mails.
 */
import { parseArgs } from 'node:util';
import { STAFF_ROLES, StaffInviteSchema, type StaffRole } from '#lib/schemas/staff.ts';
import { systemClock } from '#server/clock.ts';
import { config, type Config } from '#server/config.ts';
import { createLimits } from '#server/limits/limits.ts';
import { createStaff } from '#server/staff/service.ts';
import { staffOperations, type StaffOperations } from '#server/staff/operations.ts';
import { remoteStaff } from './remote.ts';
import { databaseOrChannel, type Connected } from '../operator-connect.ts';

const USAGE = `Usage: npm run staff -- <command> [options]
  add EMAIL --role ROLE   mail EMAIL a one-time link (72 hours) to join the staff as ROLE:
                          ${STAFF_ROLES.join(', ')} (the shop's first owner is made this way)
  list                    staff members, and invitations not yet used
  --data-dir DIR       embedded database directory (default: $KIRYANA_DATA_DIR, else ./data/pglite)
  --database-url URL   PostgreSQL (default: $DATABASE_URL)`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  config?: Config;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

type Parsed = { command: 'list' } | { command: 'add'; email: string; role: StaffRole };

function parseCommand(positionals: string[], role: string | undefined): Parsed | string {
  const [command, ...rest] = positionals;
  if (command === 'list') return rest.length || role !== undefined ? 'list takes no arguments' : { command };
  if (command === 'add') {
    if (rest.length !== 1) return 'add takes one e-mail address';
    const checked = StaffInviteSchema.safeParse({ email: rest[0], role: role?.toLowerCase() });
    if (!checked.success) return role === undefined ? `--role is required: one of ${STAFF_ROLES.join(', ')}` : checked.error.issues.map((i) => i.message.replace(/\.$/, '')).join('; ');
    return { command, email: checked.data.email, role: checked.data.role };
  }
  return command ? `Unknown command '${command}'` : 'A command is required';
}

/** The database (with a mailer for the set-up links), or the running store's channel when the store holds the embedded database. */
function connect(settings: Config, url: string | undefined, dataDir: string): Promise<Connected<StaffOperations>> {
  return databaseOrChannel(
    url,
    dataDir,
    { smtpUrl: settings.smtpUrl, from: settings.mailFrom },
    (handle, mailer) => {
      const staff = createStaff({ db: handle.db, clock: systemClock, mailer, siteUrl: settings.siteUrl.replace(/\/+$/, ''), limits: createLimits(handle.db), paceRefusal: async () => {} });
      return staffOperations(staff);
    },
    remoteStaff,
  );
}

export async function runStaffCli(argv: string[], io: CliIo = consoleIo): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { role: { type: 'string' }, 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    io.out(USAGE);
    return 0;
  }
  const parsed = parseCommand(args.positionals, args.values.role);
  if (typeof parsed === 'string') {
    io.err(`${parsed}.\n${USAGE}`);
    return 2;
  }
  const settings = io.config ?? config;
  let connection;
  try {
    connection = await connect(settings, args.values['database-url'] ?? settings.databaseUrl, args.values['data-dir'] ?? settings.dataDir);
  } catch (err) {
    io.err((err as Error).message);
    return 1;
  }
  try {
    if (parsed.command === 'add') {
      const expires = await connection.operations.add(parsed.email, parsed.role);
      io.out(`Mailed ${parsed.email} a link to join the staff as ${parsed.role}; it works once, until ${expires}.`);
    } else {
      const { members, invites } = await connection.operations.list();
      if (!members.length && !invites.length) io.out('No staff yet: add the first owner with  npm run staff -- add EMAIL --role owner');
      for (const m of members) io.out(`${m.role.padEnd(8)} ${m.email}  ${m.name}${m.totp ? '' : '  (no authenticator yet)'}`);
      for (const i of invites) io.out(`invited  ${i.email} as ${i.role}, until ${i.expiresAt}`);
    }
    return 0;
  } catch (err) {
    io.err((err as Error).message);
    return 1;
  } finally {
    await connection.close();
  }
}
