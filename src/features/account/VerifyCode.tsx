/**
 * Step 2 of registration, and sign-in for an account not verified yet: the 6-digit code from the
 * mail. Verify stays disabled until 6 characters are in; Resend asks for a fresh code (the old one
 * stops working; the server limits how often) and shows the server's reply. The right code signs
 * the shopper in: `onVerified` gets the token and the account.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { Field } from '#components/forms/Field.tsx';
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import type { SignedIn } from './api.ts';
import { resendCode, verify } from './auth-api.ts';
import { canVerify, cleanCode, CODE_LENGTH } from './rules.ts';
import { ui } from '#components/forms/ui.ts';

interface Props {
  userId: string;
  /** What the server said when it sent the code ('We sent a 6-digit code to …'). */
  sentMessage: string;
  onVerified: (signedIn: SignedIn, message: string) => void;
  /** Shown as a link-like button under the form, e.g. 'Use another e-mail'. */
  back?: { label: string; onClick: () => void };
}

export function VerifyCode({ userId, sentMessage, onVerified, back }: Props) {
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState(sentMessage);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canVerify(code) || busy) return;
    setBusy('verify');
    setError('');
    const result = await verify(userId, code);
    if (result.ok) {
      setNotice('');
      onVerified({ token: result.token, account: result.account }, result.message || 'Your e-mail is verified.');
      return; // stays busy: the page moves on
    }
    setBusy(null);
    setError(result.message);
  }

  async function resend() {
    if (busy) return;
    setBusy('resend');
    setError('');
    setNotice('');
    const result = await resendCode(userId);
    setBusy(null);
    if (result.ok) {
      setCode('');
      setNotice(result.message);
    } else setError(result.message);
  }

  return (
    <form onSubmit={submit} noValidate method="post" className="space-y-5" aria-describedby={`${id}-sent`}>
      <div>
        <p id={`${id}-sent`} className="text-sm text-stone-700">
          Enter the 6-digit code we e-mailed you. It works for 10 minutes.
        </p>
        <SuccessMessage message={notice} />
      </div>
      <Field
        id="verificationCode"
        label="Verification code"
        value={code}
        onChange={(e) => setCode(cleanCode(e.currentTarget.value))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        pattern="[0-9]*"
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:font-semibold [&_input]:tracking-[0.5em]"
        hint={`${code.length} of ${CODE_LENGTH} characters`}
        required
      />
      <ErrorMessage message={error} />
      <button type="submit" className={ui.primary} disabled={!canVerify(code) || busy !== null}>
        {busy === 'verify' ? 'Verifying...' : 'Verify'}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700">
        <span>
          No code?{' '}
          <button type="button" className={ui.link} onClick={resend} disabled={busy !== null}>
            {busy === 'resend' ? 'Sending...' : 'Resend code'}
          </button>
        </span>
        {back && (
          <button type="button" className={ui.link} onClick={back.onClick} disabled={busy !== null}>
            {back.label}
          </button>
        )}
      </div>
    </form>
  );
}
