/** The mailer against a real SMTP server: both parts delivered, retries, masked failures, and the log without SMTP. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '#server/test/smtp.ts';
import { createMailer, printedMail } from './mailer.ts';
import { maskAddress, scrubAddress } from './mask.ts';
import { escapeHtml, passwordResetMail, verificationCodeMail } from './templates.ts';

const FROM = 'Kiryana <no-reply@kiryana.pk>';

describe('mail templates', () => {
  it('escape every value put into the HTML part', () => {
    const name = `<img src=x onerror="alert('hi')">&`;
    const mail = verificationCodeMail({ to: 'a@example.pk', name, code: '012345', minutes: 10 });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(escapeHtml(`Hi ${name},`));
    expect(mail.text).toContain(`Hi ${name},`);
    const reset = passwordResetMail({ to: 'a@example.pk', name: 'A', link: 'https://shop.example.pk/passwordreset/a"b<c', minutes: 60 });
    expect(reset.html).toContain('href="https://shop.example.pk/passwordreset/a&quot;b&lt;c"');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('keep the code in the subject and the text, leading zeros and all', () => {
    const mail = verificationCodeMail({ to: 'a@example.pk', name: '', code: '004200', minutes: 10 });
    expect(mail.subject).toBe('Your Kiryana verification code: 004200');
    expect(mail.text).toMatch(/^ {4}004200$/m);
    expect(mail.text.startsWith('Hi,\n')).toBe(true);
  });
});

describe('maskAddress', () => {
  it('shows the first character and the domain only', () => {
    expect(maskAddress('ayesha.khan@example.com')).toBe('a***@example.com');
    expect(maskAddress('b@x.pk')).toBe('b***@x.pk');
    expect(maskAddress('no-at-sign')).toBe('***');
    expect(scrubAddress('550 <Ayesha.Khan@Example.com> unknown; ayesha.khan@example.com', 'ayesha.khan@example.com')).toBe('550 <a***@example.com> unknown; a***@example.com');
  });
});

describe('createMailer with SMTP', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers the text part and the branded HTML part', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM });
    const mail = passwordResetMail({ to: 'Sana@Example.pk', name: 'Sana Ümar', link: 'https://shop.example.pk/passwordreset/abc_DEF-123', minutes: 60 });
    expect(await mailer.send(mail)).toBe(true);
    const got = await smtp.waitFor('sana@example.pk');
    expect(got.subject).toBe('Reset your Kiryana password');
    expect(got.from).toBe('no-reply@kiryana.pk');
    expect(got.text).toBe(mail.text);
    expect(got.html).toBe(mail.html);
    expect(got.html).toContain('>Kiryana</td>');
    mailer.close();
  });

  it('tries a refused mail again and logs each failure with the address masked', async () => {
    const errors: string[] = [];
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, backoffMs: 10, logError: (line) => errors.push(line) });
    smtp.refuseNext(2);
    const to = 'hina.retry@example.pk';
    expect(await mailer.send(verificationCodeMail({ to, name: 'Hina', code: '777777', minutes: 10 }))).toBe(true);
    expect((await smtp.waitFor(to)).text).toContain('777777');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^Mail "Your Kiryana verification code: \*{6}" to h\*\*\*@example\.pk failed \(attempt 1 of 3, will try again\): /);
    expect(errors[1]).toContain('attempt 2 of 3');
    expect(errors.join('\n')).toContain('h***@example.pk is busy');
    expect(errors.join('\n')).not.toContain('hina.retry');
    expect(errors.join('\n')).not.toContain('777777');
    mailer.close();
  });

  it('gives up after 3 attempts, logs it, and a later request for the mail goes out', async () => {
    const errors: string[] = [];
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, backoffMs: 10, logError: (line) => errors.push(line) });
    const to = 'omar.down@example.pk';
    smtp.refuseNext(3);
    const before = smtp.refused;
    mailer.deliver(verificationCodeMail({ to, name: 'Omar', code: '111111', minutes: 10 }));
    await mailer.settled();
    expect(smtp.refused - before).toBe(3);
    expect(errors).toHaveLength(3);
    expect(errors[2]).toContain('attempt 3 of 3, giving up; the shopper can ask for it again');
    expect(errors.join('\n')).not.toContain('omar.down');

    expect(await mailer.send(verificationCodeMail({ to, name: 'Omar', code: '222222', minutes: 10 }))).toBe(true);
    const got = await smtp.waitFor(to);
    expect(got.subject).toBe('Your Kiryana verification code: 222222');
    mailer.close();
  });

  it('retries when the server cannot be reached at all', async () => {
    const errors: string[] = [];
    const closed = await startTestSmtp();
    const url = closed.url;
    await closed.close();
    const mailer = createMailer({ smtpUrl: url, from: FROM, attempts: 2, backoffMs: 10, logError: (line) => errors.push(line) });
    expect(await mailer.send(verificationCodeMail({ to: 'usman@example.pk', name: 'Usman', code: '333333', minutes: 10 }))).toBe(false);
    expect(errors).toHaveLength(2);
    expect(errors[1]).toMatch(/^Mail ".*" to u\*\*\*@example\.pk failed \(attempt 2 of 2, giving up/);
    mailer.close();
  });
});

describe('createMailer without SMTP', () => {
  it('prints the whole mail (to, subject, text) to the log and never drops it', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ from: FROM, log: (line) => lines.push(line) });
    const mail = verificationCodeMail({ to: 'bilal@example.pk', name: 'Bilal', code: '090909', minutes: 10 });
    mailer.deliver(mail);
    await mailer.settled();
    expect(lines).toEqual([printedMail(mail)]);
    expect(lines[0]).toContain('To: bilal@example.pk\nSubject: Your Kiryana verification code: 090909\n\n');
    expect(lines[0]).toContain(mail.text);
  });

  it('by default prints every mail whole on standard output, off the event loop, all of them written once settled', async () => {
    // A process of its own (its standard output a pipe, as under a supervisor or a benchmark):
    // 300 mails (600 KB, ten times a pipe's buffer) handed over at once, then settled() and an
    // immediate exit.
    const script = `
      const { createMailer } = await import(${JSON.stringify(new URL('./mailer.ts', import.meta.url).href)});
      const { verificationCodeMail } = await import(${JSON.stringify(new URL('./templates.ts', import.meta.url).href)});
      const mailer = createMailer({ from: 'x@kiryana.pk' });
      for (let i = 0; i < 300; i++) mailer.deliver(verificationCodeMail({ to: 'm' + i + '@example.pk', name: 'N'.repeat(2000), code: String(100000 + i), minutes: 10 }));
      console.log('handed over');
      await mailer.settled();
      process.exit(0);
    `;
    // Read by a reader that starts half a second late, as a busy supervisor does: the pipe fills,
    // and fd 1, made non-blocking by the console.log, refuses the rest for a while.
    const { stdout } = await promisify(execFile)('sh', ['-c', '"$NODE" --input-type=module -e "$SCRIPT" | (sleep 0.5; cat)'], {
      env: { ...process.env, NODE: process.execPath, SCRIPT: script },
      maxBuffer: 64 << 20,
    });
    const mails = stdout.split('✉ End of mail\n').slice(0, -1);
    expect(mails).toHaveLength(300);
    for (const [i, printed] of mails.entries()) {
      // Whole and in order; the line logged meanwhile may come before them, never inside one.
      expect(printed.replace(/^handed over\n/, '')).toMatch(new RegExp(`^✉ Mail \\(SMTP_URL is not set[^\\n]*\\nTo: m${i}@example\\.pk\\nSubject: Your Kiryana verification code: ${100000 + i}\\n`));
    }
    expect(stdout).toContain('handed over\n');
  }, 60_000);
});
