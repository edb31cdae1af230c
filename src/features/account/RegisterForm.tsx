/**
 * /register in two steps. Step 1, Account Info: full name, e-mail, optional phone, password with
 * the strength meter, and the required terms checkbox. Step 2, Verification: the 6-digit code the
 * server mailed (VerifyCode). The right code stores the token; home after 1 s. Step 1 stays in the
 * page while hidden, so going back keeps what was typed.
 */
import { useRef, useState, type SubmitEvent } from 'react';
import { paths } from '#lib/paths.ts';
import { EmailField, Field } from '#components/forms/Field.tsx';
import { FormMessages, SuccessMessage } from '#components/forms/Messages.tsx';
import { PasswordField } from '#components/forms/PasswordField.tsx';
import { StrengthMeter } from './StrengthMeter.tsx';
import { VerifyCode } from './VerifyCode.tsx';
import type { SignedIn } from './api.ts';
import { register } from './auth-api.ts';
import { completeSignIn } from './signed-in.ts';
import { ui } from '#components/forms/ui.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';

export default function RegisterForm() {
  const { rootProps, root } = useIslandReady<HTMLDivElement>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [success, setSuccess] = useState('');
  const [step2, setStep2] = useState<{ userId: string; message: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    setError('');
    setFields({});
    const result = await register({ name: text('name').trim(), email: text('email').trim(), phone: text('phone').trim(), password: text('password') });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      setFields(result.fields ?? {});
      return;
    }
    setStep2({ userId: result.userId, message: result.message });
    requestAnimationFrame(() => heading.current?.focus());
  }

  function verified(signedIn: SignedIn, message: string) {
    setSuccess(`${message} Welcome to Kiryana! Taking you to the shop…`);
    completeSignIn(signedIn);
  }

  return (
    <div ref={root} {...rootProps}>
      <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">Step {step2 ? '2 of 2: Verification' : '1 of 2: Account Info'}</p>
      <h1 ref={heading} tabIndex={-1} className="mt-1 text-2xl font-bold text-stone-900 outline-none">
        {step2 ? 'Check your e-mail' : 'Create your account'}
      </h1>
      <ol className="mt-3 grid grid-cols-2 gap-2" aria-label="Registration steps">
        <li className="h-1.5 rounded-full bg-brand-700" aria-current={step2 ? undefined : 'step'}>
          <span className="sr-only">Account Info{step2 ? ' (done)' : ''}</span>
        </li>
        <li className={`h-1.5 rounded-full ${step2 ? 'bg-brand-700' : 'bg-stone-200'}`} aria-current={step2 ? 'step' : undefined}>
          <span className="sr-only">Verification</span>
        </li>
      </ol>
      <form method="post" onSubmit={submit} hidden={Boolean(step2)} className="mt-6 space-y-5" aria-label="Account Info">
        <Field id="name" label="Full name" autoComplete="name" required maxLength={100} error={fields.name} />
        <EmailField error={fields.email} />
        <Field
          id="phone"
          label={
            <>
              Phone <span className="font-normal text-stone-600">(optional)</span>
            </>
          }
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          placeholder="0300 1234567"
          error={fields.phone}
        />
        <PasswordField
          id="password"
          label="Password"
          autoComplete="new-password"
          required
          maxLength={1024}
          error={fields.password}
          hint={<StrengthMeter inputId="password" />}
        />
        <div>
          <label className="flex items-start gap-2.5 text-sm text-stone-700">
            <input type="checkbox" name="terms" required className="mt-0.5 h-4 w-4 shrink-0 rounded accent-brand-700" />
            <span>
              I agree to the{' '}
              <a href={paths.textPage('terms-of-service')} className={ui.link}>
                Terms of Service
              </a>{' '}
              and the{' '}
              <a href={paths.textPage('privacy-policy')} className={ui.link}>
                Privacy Policy
              </a>
              .
            </span>
          </label>
        </div>
        <div>
          <button type="submit" className={ui.primary} disabled={busy}>
            {busy ? 'Creating Account...' : 'Create Account'}
          </button>
          <FormMessages error={error} />
        </div>
        <p className="text-center text-sm text-stone-700">
          Already have an account?{' '}
          <a href={paths.signin()} className={ui.link}>
            Sign in
          </a>
        </p>
      </form>
      {step2 && (
        <div className="mt-6">
          <VerifyCode
            userId={step2.userId}
            sentMessage={step2.message}
            onVerified={verified}
            back={{ label: 'Use another e-mail', onClick: () => setStep2(null) }}
          />
          <SuccessMessage message={success} />
        </div>
      )}
    </div>
  );
}
