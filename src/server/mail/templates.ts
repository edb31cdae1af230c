/**
 * The store's e-mails: each a plain-text part and a branded HTML part saying the same. Every value
 * put into the HTML is escaped (a shopper's name is whatever they typed).
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

export const BRAND_GREEN = '#15803d';

/** The branded frame: the Kiryana wordmark, the content, a footer. `body` is HTML already escaped. */
export function frame(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f5;font-family:Poppins,Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f5;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND_GREEN};padding:20px 28px;color:#ffffff;font-size:24px;font-weight:700;letter-spacing:0.5px">Kiryana</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">${body}</td></tr>
<tr><td style="padding:16px 28px;background:#f9fafb;color:#6b7280;font-size:12px;line-height:1.5">Kiryana: fresh groceries delivered across Pakistan. Cash on delivery, free delivery.<br>You received this e-mail because this address was used at Kiryana.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export const greeting = (name: string) => (name ? `Hi ${name},` : 'Hi,');

export function verificationCodeMail({ to, name, code, minutes }: { to: string; name: string; code: string; minutes: number }): Mail {
  const subject = `Your Kiryana verification code: ${code}`;
  const text = [
    greeting(name),
    '',
    'Your Kiryana verification code is:',
    '',
    `    ${code}`,
    '',
    `Enter it on the registration page to verify your e-mail. The code works once and expires in ${minutes} minutes.`,
    '',
    "If you did not create a Kiryana account, you can ignore this e-mail.",
    '',
    'Kiryana',
  ].join('\n');
  const html = frame(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 12px">Your Kiryana verification code is:</p>
<p style="margin:0 0 20px;font-size:32px;font-weight:700;letter-spacing:8px;color:${BRAND_GREEN}">${escapeHtml(code)}</p>
<p style="margin:0 0 12px">Enter it on the registration page to verify your e-mail. The code works once and expires in ${escapeHtml(String(minutes))} minutes.</p>
<p style="margin:0;color:#6b7280">If you did not create a Kiryana account, you can ignore this e-mail.</p>`,
  );
  return { to, subject, text, html };
}

export function passwordResetMail({ to, name, link, minutes }: { to: string; name: string; link: string; minutes: number }): Mail {
  const subject = 'Reset your Kiryana password';
  const text = [
    greeting(name),
    '',
    'Someone (we hope you) asked to reset the password of your Kiryana account. Open this link to choose a new one:',
    '',
    link,
    '',
    `The link works once and expires in ${minutes} minutes. Resetting the password signs you out everywhere.`,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    'Kiryana',
  ].join('\n');
  const html = frame(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 20px">Someone (we hope you) asked to reset the password of your Kiryana account. Choose a new one here:</p>
<p style="margin:0 0 20px"><a href="${escapeHtml(link)}" style="display:inline-block;background:${BRAND_GREEN};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">Reset password</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563">Or paste this link into your browser:<br><a href="${escapeHtml(link)}" style="color:${BRAND_GREEN};word-break:break-all">${escapeHtml(link)}</a></p>
<p style="margin:0 0 12px">The link works once and expires in ${escapeHtml(String(minutes))} minutes. Resetting the password signs you out everywhere.</p>
<p style="margin:0;color:#6b7280">If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
  );
  return { to, subject, text, html };
}

/** The link that makes a staff member: an owner's invitation, or the command line's first owner. */
export function staffInviteMail({ to, role, link, hours }: { to: string; role: string; link: string; hours: number }): Mail {
  const subject = `You are invited to run Kiryana as ${role}`;
  const text = [
    'Hi,',
    '',
    `You are invited to join Kiryana's staff as ${role}. Open this link to choose your name and password:`,
    '',
    link,
    '',
    `The link works once and expires in ${hours} hours.`,
    '',
    'If you did not expect this, ignore this e-mail.',
    '',
    'Kiryana',
  ].join('\n');
  const html = frame(
    subject,
    `<p style="margin:0 0 16px">Hi,</p>
<p style="margin:0 0 20px">You are invited to join Kiryana's staff as <strong>${escapeHtml(role)}</strong>. Choose your name and password here:</p>
<p style="margin:0 0 20px"><a href="${escapeHtml(link)}" style="display:inline-block;background:${BRAND_GREEN};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">Join the staff</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563">Or paste this link into your browser:<br><a href="${escapeHtml(link)}" style="color:${BRAND_GREEN};word-break:break-all">${escapeHtml(link)}</a></p>
<p style="margin:0 0 12px">The link works once and expires in ${escapeHtml(String(hours))} hours.</p>
<p style="margin:0;color:#6b7280">If you did not expect this, ignore this e-mail.</p>`,
  );
  return { to, subject, text, html };
}
