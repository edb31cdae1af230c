/**
 * /forgotpassword: e-mail and Submit. Success shows the server's message (the same whether or not
 * an account exists); a failure says 'Something went wrong. Please try again.'.
 */
import { useState, type SubmitEvent } from 'react';
import { paths } from '#lib/paths.ts';
import { EmailField } from '#components/forms/Field.tsx';
import { FormMessages } from '#components/forms/Messages.tsx';
import { forgotPassword } from './auth-api.ts';
import { ui } from '#components/forms/ui.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';

export default function ForgotPasswordForm() {
  const { rootProps, root } = useIslandReady<HTMLDivElement>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [success, setSuccess] = useState('');

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    setSuccess('');
    setFieldError(undefined);
    const result = await forgotPassword(String(new FormData(event.currentTarget).get('email') ?? '').trim());
    setBusy(false);
    if (result.ok) setSuccess(result.message || 'If an account exists for that e-mail, we have sent a link to reset the password.');
    else {
      setError(result.message);
      setFieldError(result.fields?.email);
    }
  }

  return (
    <div ref={root} {...rootProps}>
      <h1 className="text-2xl font-bold text-stone-900">Forgot your password?</h1>
      <p className="mt-1 text-sm text-stone-600">Enter the e-mail you registered with and we will send you a link to set a new one.</p>
      <form method="post" onSubmit={submit} className="mt-6 space-y-5" aria-label="Forgot password">
        <EmailField error={fieldError} />
        <div>
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? 'Sending...' : 'Submit'}
          </button>
          <FormMessages error={error} success={success} />
        </div>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        Remembered it?{' '}
        <a href={paths.signin()} className={ui.link}>
          Back to sign in
        </a>
      </p>
    </div>
  );
}
