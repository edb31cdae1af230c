/**
 * /signin: e-mail, password (Show/Hide), Remember me (not sent: every session lasts 30 days),
 * Forgot password, the social buttons and a way to register. 'Signing In...' while waiting; on
 * success the token is stored and the shopper goes home after 1 s. An account not verified yet
 * gets the code step (the server has just mailed a new code).
 */
import { useState, type SubmitEvent } from 'react';
import { paths } from '#lib/paths.ts';
import { Field } from '#components/forms/Field.tsx';
import { FormMessages, SuccessMessage } from '#components/forms/Messages.tsx';
import { PasswordField } from '#components/forms/PasswordField.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { VerifyCode } from './VerifyCode.tsx';
import type { SignedIn } from './api.ts';
import { login } from './auth-api.ts';
import { completeSignIn } from './signed-in.ts';
import { ui } from '#components/forms/ui.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';

export default function SignInForm() {
  const { rootProps, root } = useIslandReady<HTMLDivElement>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [pending, setPending] = useState<{ userId: string; message: string } | null>(null);

  function signedIn(result: SignedIn, message: string) {
    setError('');
    setSuccess(`${message} Taking you to the shop…`);
    completeSignIn(result);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    const result = await login(String(form.get('email') ?? '').trim(), String(form.get('password') ?? ''));
    if (result.ok) return signedIn(result, result.message || 'Signed in.');
    setBusy(false);
    if ('needsVerification' in result) setPending({ userId: result.userId, message: result.message });
    else setError(result.message);
  }

  return (
    <div ref={root} {...rootProps}>
      <h1 className="text-2xl font-bold text-stone-900">{pending ? 'Verify your e-mail' : 'Sign in'}</h1>
      {pending && (
        <>
          <p className="mt-1 mb-6 text-sm text-stone-600">One more step before you can sign in.</p>
          <VerifyCode
            userId={pending.userId}
            sentMessage={pending.message}
            onVerified={signedIn}
            back={{ label: 'Back to sign in', onClick: () => setPending(null) }}
          />
          <SuccessMessage message={success} />
        </>
      )}
      {/* Kept in the page while the code step shows, so Back to sign in finds what was typed. */}
      <div hidden={Boolean(pending)}>
        <p className="mt-1 text-sm text-stone-600">Welcome back! Sign in to see your orders and wishlist.</p>
        <form method="post" onSubmit={submit} className="mt-6 space-y-5" aria-label="Sign in">
          <Field id="email" label="E-mail" type="email" autoComplete="email" inputMode="email" required placeholder="you@example.com" />
          <PasswordField id="password" label="Password" autoComplete="current-password" required />
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <label className="flex items-center gap-2 text-stone-700">
              <input type="checkbox" name="remember" className="h-4 w-4 rounded accent-brand-700" /> Remember me
            </label>
            <a href={paths.forgotPassword()} className={ui.link}>
              Forgot password?
            </a>
          </div>
          <div>
            <button type="submit" className={ui.primary} disabled={busy || Boolean(success)}>
              {busy ? 'Signing In...' : 'Sign In'}
            </button>
            <FormMessages error={error} success={pending ? undefined : success} />
          </div>
        </form>
        <div className="mt-6">
          <SocialButtons />
        </div>
        <p className="mt-6 text-center text-sm text-stone-700">
          New to Kiryana?{' '}
          <a href={paths.register()} className={ui.link}>
            Create an account
          </a>
        </p>
      </div>
    </div>
  );
}
