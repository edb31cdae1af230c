/**
 * /passwordreset/{token} (one static page; the token is read from the address when the form is
 * sent; reset-link.ts has already checked it as the page opened). New and confirm password: when they differ, 'Passwords do not match' and no call. On
 * success the server's message, then /signin after 3 s.
 */
import { useState, type SubmitEvent } from 'react';
import { paths } from '#lib/paths.ts';
import { FormMessages } from '#components/forms/Messages.tsx';
import { PasswordField } from '#components/forms/PasswordField.tsx';
import { StrengthMeter } from './StrengthMeter.tsx';
import { resetPassword } from './auth-api.ts';
import { mismatchError, NO_TOKEN, RESET_REDIRECT_MS, resetTokenFrom } from './rules.ts';
import { ui } from '#components/forms/ui.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';

export default function ResetPasswordForm() {
  const { rootProps, root } = useIslandReady<HTMLDivElement>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [mismatch, setMismatch] = useState<string>();
  const [success, setSuccess] = useState('');

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || success) return;
    const form = new FormData(event.currentTarget);
    const next = String(form.get('password') ?? '');
    const problem = mismatchError(next, String(form.get('confirmPassword') ?? ''));
    setMismatch(problem);
    setError(problem ?? '');
    if (problem) return;
    const token = resetTokenFrom(location.pathname);
    if (!token) return setError(NO_TOKEN);
    setBusy(true);
    const result = await resetPassword(token, next);
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setSuccess(`${result.message || 'Your password has been reset. Please sign in.'} Taking you to sign in…`);
    setTimeout(() => location.assign(paths.signin()), RESET_REDIRECT_MS);
  }

  return (
    <div ref={root} {...rootProps}>
      <h1 className="text-2xl font-bold text-stone-900">Set a new password</h1>
      <p className="mt-1 text-sm text-stone-600">Choose a password you do not use anywhere else. You will sign in with it next.</p>
      <form method="post" onSubmit={submit} className="mt-6 space-y-5" aria-label="Reset password">
        <PasswordField
          id="password"
          label="New password"
          autoComplete="new-password"
          required
          maxLength={1024}
          hint={<StrengthMeter inputId="password" />}
        />
        <PasswordField
          id="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
          required
          maxLength={1024}
          error={mismatch}
          onInput={() => setMismatch(undefined)}
        />
        <div>
          <button type="submit" className={ui.primary} disabled={busy || Boolean(success)}>
            {busy ? 'Saving...' : 'Reset Password'}
          </button>
          <FormMessages error={error} success={success} />
        </div>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        Link expired?{' '}
        <a href={paths.forgotPassword()} className={ui.link}>
          Ask for a new one
        </a>
      </p>
    </div>
  );
}
