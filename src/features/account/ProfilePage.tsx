/**
 * /profile: the shopper's details in view mode, and an edit mode for name, phone and address.
 * Save puts them to the server (PUT /api/users/profile/{userId}) and keeps the stored copy
 * (userName, userPhone, userAddress; userJoinDate from the account's createdAt); Cancel restores
 * the values. 'Last updated …' says when the account last changed (today, right after a save).
 */
import { useRef, useState, type SubmitEvent } from 'react';
import { formatDate } from '#lib/dates.ts';
import { sinceText } from '#lib/since.ts';
import { paths } from '#lib/paths.ts';
import { useMounted } from '#components/hooks.ts';
import { Field } from '#components/forms/Field.tsx';
import { FormMessages } from '#components/forms/Messages.tsx';
import { AccountFailed, AccountLoading, Avatar } from './AccountStates.tsx';
import { updateProfile, type Account } from './api.ts';
import { useAccount } from './useAccount.ts';
import { ui } from '#components/forms/ui.ts';

/** When the account last changed, from its own date (what the server last saved). */
export const lastUpdated = (updatedAt: string) => (sinceText(updatedAt) ? `Last updated ${sinceText(updatedAt)}` : '');

function Detail({ label, value, empty = 'Not given' }: { label: string; value: string; empty?: string }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className={`mt-0.5 text-[15px] break-words sm:mt-0 ${value ? 'text-stone-900' : 'text-stone-600 italic'}`}>{value || empty}</dd>
    </div>
  );
}

export default function ProfilePage() {
  const mounted = useMounted();
  const state = useAccount(mounted);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const account = state.account;

  function cancel() {
    // The form is unmounted: its typed values go, and the view shows the saved ones again.
    setEditing(false);
    setError('');
    setFields({});
    requestAnimationFrame(() => heading.current?.focus());
  }

  async function save(event: SubmitEvent<HTMLFormElement>, current: Account) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError('');
    setFields({});
    const result = await updateProfile(current.id, { name: text('name'), phone: text('phone'), address: text('address') });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      setFields(result.fields ?? {});
      return;
    }
    state.update(result.account);
    setSaved(result.message || 'Profile updated.');
    setEditing(false);
    requestAnimationFrame(() => heading.current?.focus());
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
        <a href={paths.account()} className={ui.link}>
          My Account
        </a>{' '}
        / <span aria-current="page">Profile</span>
      </nav>
      <h1 ref={heading} tabIndex={-1} className="mt-2 text-2xl font-bold text-stone-900 outline-none">
        {editing ? 'Edit Profile' : 'My Profile'}
      </h1>
      <div className={`${ui.card} mt-5`}>
        {!account ? (
          state.status === 'failed' ? (
            <AccountFailed onRetry={state.reload} />
          ) : (
            <AccountLoading label="Loading your profile…" />
          )
        ) : (
          <>
            <div className="flex items-center gap-4">
              <Avatar name={account.name} />
              <div className="min-w-0">
                <p className="truncate text-lg font-semibold text-stone-900" data-testid="profile-name">
                  {account.name}
                </p>
                <p className="truncate text-sm text-stone-600">{account.email}</p>
                <p className="mt-0.5 text-xs text-stone-600" data-testid="profile-updated">{lastUpdated(account.updatedAt)}</p>
              </div>
            </div>
            {editing ? (
              <form method="post" onSubmit={(e) => save(e, account)} className="mt-6 space-y-5" aria-label="Edit profile">
                <Field id="name" label="Full name" defaultValue={account.name} autoComplete="name" maxLength={100} error={fields.name} />
                <Field id="email" label="E-mail" defaultValue={account.email} readOnly hint="Your e-mail is how you sign in; it cannot be changed here." />
                <Field
                  id="phone"
                  label="Phone"
                  type="tel"
                  defaultValue={account.phone}
                  autoComplete="tel"
                  inputMode="tel"
                  maxLength={20}
                  placeholder="0300 1234567"
                  error={fields.phone}
                />
                <div>
                  <label htmlFor="address" className={ui.label}>
                    Address
                  </label>
                  <textarea
                    id="address"
                    name="address"
                    rows={3}
                    defaultValue={account.address}
                    autoComplete="street-address"
                    maxLength={500}
                    placeholder="House, street, area, city"
                    className={ui.input}
                    aria-invalid={fields.address ? true : undefined}
                    aria-describedby={fields.address ? 'address-error' : undefined}
                  />
                  {fields.address && (
                    <p id="address-error" className={ui.fieldError}>
                      {fields.address}
                    </p>
                  )}
                </div>
                <div>
                  <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                    <button type="button" className={ui.secondary} onClick={cancel} disabled={busy}>
                      Cancel
                    </button>
                    <button type="submit" className={`${ui.primary} sm:w-auto sm:px-6`} disabled={busy}>
                      {busy ? 'Saving...' : 'Save Changes'}
                    </button>
                  </div>
                  <FormMessages error={error} />
                </div>
              </form>
            ) : (
              <>
                <dl className="mt-6 divide-y divide-stone-100 border-y border-stone-100">
                  <Detail label="Full name" value={account.name} />
                  <Detail label="E-mail" value={account.email} />
                  <Detail label="Phone" value={account.phone} />
                  <Detail label="Address" value={account.address} />
                  <Detail label="Member since" value={account.createdAt ? formatDate(account.createdAt) : ''} empty="Not known" />
                </dl>
                <FormMessages success={saved} />
                <div className="mt-6 flex flex-col gap-3 sm:flex-row">
                  <button
                    type="button"
                    className={`${ui.primary} sm:w-auto sm:px-6`}
                    onClick={() => {
                      setSaved('');
                      setEditing(true);
                    }}
                  >
                    Edit Profile
                  </button>
                  <a href={paths.account()} className={ui.secondary}>
                    Go to My Account
                  </a>
                </div>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
