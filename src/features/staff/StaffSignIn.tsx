/**
 * /staff/: staff sign-in. E-mail and password; then, for a member with an authenticator app, the
 * code step, where a recovery code may be typed instead. Signed in already: straight on. On
 * success the browser goes to the page that sent it here (`next`, a staff page) or to the first
 * page the member's role opens; a member who owes the authenticator set-up goes to the set-up.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { staffPaths, staffReturnPath } from '#lib/paths.ts';
import { StaffCodeSchema, StaffSignInSchema, type StaffMember } from '#lib/schemas/staff.ts';
import { Field } from '#components/forms/Field.tsx';
import { FormMessages } from '#components/forms/Messages.tsx';
import { PasswordField } from '#components/forms/PasswordField.tsx';
import { issuesByField, useFocusInvalid, type FieldErrors } from '#components/forms/field-errors.ts';
import { ui } from '#components/forms/ui.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';
import { failureMessage, staffFetch, StaffApiError } from './api.ts';
import { loadStaffMe } from './me.ts';
import { homeFor } from './nav.ts';

interface SignInReply {
  message: string;
  needsCode: boolean;
  needsTotpSetup: boolean;
  member?: StaffMember;
}

function destination(member: StaffMember | undefined, needsTotpSetup: boolean): string {
  if (needsTotpSetup) return staffPaths.setup();
  const next = new URLSearchParams(location.search).get('next');
  return next ? staffReturnPath(next) : member ? homeFor(member.role) : staffPaths.orders();
}

export default function StaffSignIn() {
  const { root, rootProps } = useIslandReady<HTMLDivElement>();
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(form);
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  useEffect(() => {
    void loadStaffMe().then((me) => {
      if (me.state === 'in') location.replace(destination(me.member, me.needsTotpSetup));
    });
  }, []);

  function refuse(message: string, fields: FieldErrors) {
    setBusy(false);
    setErrors(fields);
    setError(message);
    focusInvalid();
  }

  async function send(path: string, body: Record<string, string>) {
    setBusy(true);
    setError('');
    try {
      const reply = (await staffFetch(path, { method: 'POST', body, stay: true })) as unknown as SignInReply;
      setErrors({});
      if (reply.needsCode) {
        setBusy(false);
        setStep('code');
        setSuccess('');
        return;
      }
      setSuccess(`${reply.message} Taking you to the staff pages…`);
      location.assign(destination(reply.member, reply.needsTotpSetup));
    } catch (e) {
      const fields = e instanceof StaffApiError ? e.errors : {};
      // A wrong code is the code field's fault: marked there, so the focus lands on it.
      refuse(failureMessage(e), step === 'code' && !fields.code ? { code: failureMessage(e) } : fields);
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    if (step === 'password') {
      const body = { email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') };
      const checked = StaffSignInSchema.safeParse(body);
      if (!checked.success) return refuse('Please check the highlighted fields.', issuesByField(checked.error.issues));
      return void send('/sign-in', body);
    }
    const body = { code: String(data.get('code') ?? '').trim() };
    const checked = StaffCodeSchema.safeParse(body);
    if (!checked.success) return refuse('Please check the highlighted fields.', issuesByField(checked.error.issues));
    return void send('/sign-in/totp', body);
  }

  function toggleRecovery() {
    setRecovery((r) => !r);
    setErrors({});
    setError('');
  }

  // The code step, and each switch between the app's code and a recovery code, starts in the code field.
  useEffect(() => {
    if (step === 'code') document.getElementById('code')?.focus();
  }, [step, recovery]);

  return (
    <div ref={root} {...rootProps} className="staff-narrow">
      <div className="form-card">
        <h1 className="text-2xl font-bold text-stone-900">{step === 'password' ? 'Staff sign-in' : 'Enter your code'}</h1>
        <p className="mt-1 text-sm text-stone-600">
          {step === 'password'
            ? 'For the people who run Kiryana. Shoppers sign in on the shop.'
            : recovery
              ? 'Type one of your recovery codes. Each works once.'
              : 'Open your authenticator app and type the 6-digit code it shows for Kiryana.'}
        </p>
        <form ref={form} method="post" onSubmit={submit} className="mt-6 space-y-5" aria-label={step === 'password' ? 'Staff sign-in' : 'Authenticator code'} noValidate>
          <div hidden={step !== 'password'} className="space-y-5">
            <Field id="email" label="E-mail" type="email" autoComplete="username" inputMode="email" required maxLength={254} error={errors.email} />
            <PasswordField id="password" label="Password" autoComplete="current-password" required error={errors.password} />
          </div>
          {step === 'code' && (
            <div>
              <Field
                key={recovery ? 'recovery' : 'totp'}
                id="code"
                label={recovery ? 'Recovery code' : 'Code from your app'}
                autoComplete={recovery ? 'off' : 'one-time-code'}
                inputMode={recovery ? 'text' : 'numeric'}
                spellCheck={false}
                autoCapitalize="off"
                required
                maxLength={recovery ? 11 : 6}
                placeholder={recovery ? 'abcde-fghij' : '123456'}
                error={errors.code}
              />
              <div className="mt-2 flex flex-wrap gap-x-5">
                <button type="button" className={`${ui.link} inline-flex min-h-11 items-center text-sm`} onClick={toggleRecovery}>
                  {recovery ? 'Use the code from your app' : 'Use a recovery code'}
                </button>
                {/* A pending sign-in lasts minutes: past them, or for another account, start from the password. */}
                <button type="button" className={`${ui.link} inline-flex min-h-11 items-center text-sm`} onClick={() => { setStep('password'); setError(''); setErrors({}); }}>
                  Start again
                </button>
              </div>
            </div>
          )}
          <div>
            <button type="submit" className={ui.primary} disabled={busy || Boolean(success)}>
              {busy ? 'Signing in…' : step === 'password' ? 'Sign in' : 'Confirm code'}
            </button>
            <FormMessages error={error} success={success} />
          </div>
        </form>
      </div>
    </div>
  );
}
