/**
 * What an operator command (`npm run orders`, `npm run staff`) works on: the database itself, or,
 * when the running store holds the embedded database, that store's operator channel
 * (src/server/operator-channel.ts), so the command works while the store runs. On the database, the
 * command mails itself (SMTP_URL, else the mail printed): its close lets the mail go before the
 * database closes. Through the channel, the store mails.
 */
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { DatabaseLockedError } from '#server/db/data-dir-lock.ts';
import { createMailer, type Mailer, type MailerOptions } from '#server/mail/mailer.ts';
import { readChannel, type Channel } from '#server/operator-channel.ts';

export interface Connected<T> {
  operations: T;
  close(): Promise<void>;
}

export async function databaseOrChannel<T>(
  url: string | undefined,
  dataDir: string,
  mail: MailerOptions,
  onDatabase: (handle: DatabaseHandle, mailer: Mailer) => T,
  onChannel: (channel: Channel) => T,
): Promise<Connected<T>> {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url, dataDir });
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    const channel = readChannel(err.dataDir);
    if (!channel) throw new Error(`${err.message} It offers no operator channel: run this command while the store is stopped, or restart the store with npm start.`);
    return { operations: onChannel(channel), close: async () => {} };
  }
  const mailer = createMailer(mail);
  return {
    operations: onDatabase(handle, mailer),
    close: async () => {
      await mailer.settled();
      mailer.close();
      await handle.close();
    },
  };
}
