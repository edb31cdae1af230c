/**
 * /staff/setup/: the authenticator app's set-up. The API makes a secret (POST /totp/setup): the
 * QR code it draws, the same key as text in groups of four (with Copy), then the first code
 * confirms it (POST /totp/confirm) and the ten recovery codes are shown, once, to copy or print.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import * as z from 'zod/mini';
import { StaffCodeSchema, TOTP_CODE, type StaffMember } from '#lib/schemas/staff.ts';
import { Field } from '#components/forms/Field.tsx';
import { ErrorMessage, FormMessages, SuccessMessage } from '#components/forms/Messages.tsx';
import { issuesByField, useFocusInvalid, type FieldErrors } from '#components/forms/field-errors.ts';
import { ui } from '#components/forms/ui.ts';
import { failureMessage, staffFetch, StaffApiError } from './api.ts';
import { homeFor } from './nav.ts';
import { StaffGate } from './StaffGate.tsx';
import { keyGroups } from './totp-key.ts';

const SetupReply = z.object({ data: z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() }) });
const ConfirmReply = z.object({ data: z.object({ recoveryCodes: z.array(z.string()) }) });

async function copy(text: string, done: (said: string) => void) {
  try {
    await navigator.clipboard.writeText(text);
    done('Copied.');
  } catch {
    done('Could not copy here: please select the text and copy it.');
  }
}

function RecoveryCodes({ codes, member }: { codes: string[]; member: StaffMember }) {
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="staff-card" aria-labelledby="recovery-heading">
      <h2 id="recovery-heading" ref={heading} tabIndex={-1} className="text-lg font-bold text-stone-900">
        Your recovery codes
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Your authenticator app is set up. If you lose your phone, each of these codes signs you in once in place of the app's code. <strong>They are shown only this once:</strong> print them or keep them somewhere safe, away from your phone.
      </p>
      <ol className="mt-4 grid grid-cols-2 gap-2 font-mono text-base" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c} className="rounded-lg bg-stone-100 px-3 py-2 text-center">
            {c}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        <button type="button" className="staff-button-small" onClick={() => void copy(codes.join('\n'), setSaid)}>
          Copy the codes
        </button>
        <button type="button" className="staff-button-small" onClick={() => print()}>
          Print
        </button>
        <a className={`${ui.primary} w-auto`} href={homeFor(member.role)}>
          I have kept them: continue
        </a>
      </div>
      <SuccessMessage message={said} testId="copy-status" />
    </section>
  );
}

function Setup({ member }: { member: StaffMember }) {
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(form);
  const [made, setMade] = useState<z.infer<typeof SetupReply>['data'] | null>(null);
  const [startError, setStartError] = useState('');
  const [done, setDone] = useState(member.totp);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');

  useEffect(() => {
    if (member.totp) return;
    staffFetch('/totp/setup', { method: 'POST', schema: SetupReply, stay: true }).then(
      (reply) => setMade(reply.data),
      (e: unknown) => (e instanceof StaffApiError && e.status === 409 ? setDone(true) : setStartError(failureMessage(e))),
    );
  }, [member.totp]);

  async function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = { code: String(new FormData(event.currentTarget).get('code') ?? '').trim() };
    const checked = StaffCodeSchema.safeParse(body);
    const wrong = !checked.success ? issuesByField(checked.error.issues) : TOTP_CODE.test(body.code) ? {} : { code: 'Please enter the 6-digit code your app shows now.' };
    if (Object.keys(wrong).length) {
      setErrors(wrong);
      setError('Please check the highlighted field.');
      return focusInvalid();
    }
    setBusy(true);
    setError('');
    try {
      const reply = await staffFetch('/totp/confirm', { method: 'POST', body, schema: ConfirmReply, stay: true });
      setCodes(reply.data.recoveryCodes);
    } catch (e) {
      setBusy(false);
      setErrors({ code: failureMessage(e) });
      setError(failureMessage(e));
      focusInvalid();
    }
  }

  if (codes) return <RecoveryCodes codes={codes} member={member} />;
  if (done) {
    return (
      <div className="staff-card">
        <p className="text-sm text-stone-800">Your authenticator app is set up already. Sign-in asks for its code after your password.</p>
        <a className={`${ui.primary} mt-4`} href={homeFor(member.role)}>
          Continue
        </a>
      </div>
    );
  }
  if (startError) return <ErrorMessage message={startError} />;
  if (!made) return <p className="text-sm text-stone-600" role="status">Making your key…</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      <section className="staff-card" aria-labelledby="scan-heading">
        <h2 id="scan-heading" className="text-lg font-bold text-stone-900">
          1. Add Kiryana to your authenticator app
        </h2>
        <p className="mt-1 text-sm text-stone-700">Open your authenticator app (Google Authenticator, Microsoft Authenticator, 2FAS, Aegis…), choose to add an account and scan this code.</p>
        <div role="img" aria-label="QR code of your authenticator key" className="staff-qr mx-auto mt-4 w-56 max-w-full" dangerouslySetInnerHTML={{ __html: made.qrSvg }} data-testid="totp-qr" />
        <p className="mt-4 text-sm text-stone-700">Or type this key into the app:</p>
        <p className="mt-2 flex flex-wrap gap-x-2 gap-y-1 rounded-lg bg-stone-100 px-3 py-2 font-mono text-lg tracking-wide text-stone-900" data-testid="totp-key" aria-label={`Key: ${made.secret.split('').join(' ')}`}>
          {keyGroups(made.secret).map((group, i) => (
            <span key={i}>{group}</span>
          ))}
        </p>
        <button type="button" className="staff-button-small mt-3" onClick={() => void copy(made.secret, setSaid)}>
          Copy the key
        </button>
        <SuccessMessage message={said} testId="copy-status" />
      </section>
      <section className="staff-card" aria-labelledby="confirm-heading">
        <h2 id="confirm-heading" className="text-lg font-bold text-stone-900">
          2. Type the code the app shows
        </h2>
        <form ref={form} onSubmit={confirm} className="mt-4 space-y-4" aria-label="Confirm the authenticator" noValidate>
          <Field id="code" label="6-digit code" autoComplete="one-time-code" inputMode="numeric" maxLength={6} required placeholder="123456" error={errors.code} />
          <div>
            <button type="submit" className={ui.primary} disabled={busy}>
              {busy ? 'Checking…' : 'Confirm'}
            </button>
            <FormMessages error={error} />
          </div>
        </form>
      </section>
    </div>
  );
}

export default function StaffSetup() {
  return <StaffGate setup>{(member) => <Setup member={member} />}</StaffGate>;
}
