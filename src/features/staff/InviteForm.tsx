/** The owner's invitation: an e-mail and a role; the API mails a link good once for 72 hours. */
import { useRef, useState, type SubmitEvent } from 'react';
import { Field, SelectField } from '#components/forms/Field.tsx';
import { FormMessages } from '#components/forms/Messages.tsx';
import { useFocusInvalid, type FieldErrors } from '#components/forms/field-errors.ts';
import { ui } from '#components/forms/ui.ts';
import { failureMessage, staffFetch, StaffApiError } from './api.ts';
import { ROLE_OPTIONS } from './roles.ts';

/** `onInvited` runs after the API accepted an invitation (the page lists the pending ones again). */
export function InviteForm({ onInvited }: { onInvited?: () => void } = {}) {
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(form);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const target = event.currentTarget;
    const data = new FormData(target);
    const body = { email: String(data.get('email') ?? '').trim(), role: String(data.get('role') ?? '') };
    setSuccess('');
    const fail = (message: string, fields: FieldErrors) => {
      setBusy(false);
      setErrors(fields);
      setError(message);
      focusInvalid();
    };
    setBusy(true);
    setError('');
    // The API checks the fields with its own schema; its 400 names each wrong one, shown at the field.
    try {
      const reply = await staffFetch('/invites', { method: 'POST', body });
      setBusy(false);
      setErrors({});
      setSuccess(String(reply.message ?? 'Invited.'));
      target.reset();
      onInvited?.();
    } catch (e) {
      fail(failureMessage(e), e instanceof StaffApiError ? e.errors : {});
    }
  }

  return (
    <section className="staff-card" aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-bold text-stone-900">
        Invite a member
      </h2>
      <p className="mt-1 text-sm text-stone-600">We e-mail them a link that works once, for 72 hours.</p>
      <form ref={form} onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Invite a member" noValidate>
        <Field id="email" label="E-mail" type="email" autoComplete="off" inputMode="email" required maxLength={254} error={errors.email} />
        <SelectField id="role" label="Role" placeholder="Choose a role" options={ROLE_OPTIONS} required error={errors.role} />
        <div className="sm:col-span-2">
          <button type="submit" className={`${ui.primary} sm:w-auto`} disabled={busy}>
            {busy ? 'Sending…' : 'Send the invitation'}
          </button>
          <FormMessages error={error} success={success} />
        </div>
      </form>
    </section>
  );
}
