/**
 * /staff/accept/#<token>: accepting an invitation. The token rides in the fragment (never sent to
 * a server or in a Referer); the new member chooses a name and a password, and signs in next.
 * After success the token leaves the address bar.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import * as z from 'zod/mini';
import { staffPaths } from '#lib/paths.ts';
import { StaffAcceptSchema, StaffMemberSchema, STAFF_MESSAGES, type StaffMember } from '#lib/schemas/staff.ts';
import { Field } from '#components/forms/Field.tsx';
import { FormMessages } from '#components/forms/Messages.tsx';
import { PasswordField } from '#components/forms/PasswordField.tsx';
import { issuesByField, useFocusInvalid, type FieldErrors } from '#components/forms/field-errors.ts';
import { ui } from '#components/forms/ui.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';
import { StrengthMeter } from '#features/account/StrengthMeter.tsx';
import { failureMessage, staffFetch, StaffApiError } from './api.ts';

const AcceptReply = z.object({ data: StaffMemberSchema });

export default function StaffAccept() {
  const { root, rootProps } = useIslandReady<HTMLDivElement>();
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(form);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [joined, setJoined] = useState<StaffMember | null>(null);

  // A link cut short (no token after #) is said at once, before anything is typed.
  useEffect(() => {
    if (!location.hash.replace(/^#/, '')) setError(STAFF_MESSAGES.token);
  }, []);

  function refuse(message: string, fields: FieldErrors) {
    setBusy(false);
    setErrors(fields);
    setError(message);
    focusInvalid();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(event.currentTarget);
    const body = { token: location.hash.replace(/^#/, ''), name: String(data.get('name') ?? '').trim(), password: String(data.get('password') ?? '') };
    const checked = StaffAcceptSchema.safeParse(body);
    if (!checked.success) {
      const fields = issuesByField(checked.error.issues);
      return refuse(fields.token ?? 'Please check the highlighted fields.', fields);
    }
    setBusy(true);
    setError('');
    try {
      const reply = await staffFetch('/invites/accept', { method: 'POST', body, schema: AcceptReply, stay: true });
      history.replaceState(null, '', location.pathname);
      setJoined(reply.data);
    } catch (e) {
      refuse(failureMessage(e), e instanceof StaffApiError ? e.errors : {});
    }
  }

  if (joined) {
    return (
      <div className="staff-narrow">
        <div className="form-card" role="status">
          <h2 className="text-xl font-bold text-stone-900">Welcome, {joined.name}</h2>
          <p className="mt-2 text-sm text-stone-700">
            You are on Kiryana's staff as <strong>{joined.role}</strong>, with the e-mail {joined.email}. Sign in now with that e-mail and your new password.
          </p>
          <a className={`${ui.primary} mt-5`} href={staffPaths.signIn()}>
            Sign in
          </a>
        </div>
      </div>
    );
  }

  return (
    <div ref={root} {...rootProps} className="staff-narrow">
      <div className="form-card">
        <p className="text-sm text-stone-700">You were invited to Kiryana's staff. Choose the name others will see and a password (8 characters or more).</p>
        <form ref={form} method="post" onSubmit={submit} className="mt-5 space-y-5" aria-label="Accept the invitation" noValidate>
          <Field id="name" label="Your name" autoComplete="name" required maxLength={100} error={errors.name} />
          <div>
            <PasswordField id="password" label="Password" autoComplete="new-password" required error={errors.password} />
            <StrengthMeter inputId="password" />
          </div>
          <div>
            <button type="submit" className={ui.primary} disabled={busy}>
              {busy ? 'Joining…' : 'Join the staff'}
            </button>
            <FormMessages error={error} />
          </div>
        </form>
      </div>
    </div>
  );
}
