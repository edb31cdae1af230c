/**
 * /profile: the shopper's details in view mode, and an edit mode for name, phone and address.
 * Save puts them to the server (PUT /api/users/profile/{userId}) and keeps the stored copy
 * (userName, userPhone, userAddress; userJoinDate from the account's createdAt); Cancel restores
 * the values. 'Last updated …' says when the account last changed (today, right after a save).
 *
 * The page's script (profile-page.ts) loads the account and draws the card in view mode before
 * React, from the same markup (profile-html.ts); this island starts at the shopper's first
 * interaction and renders the state the page drew (view.ts), so nothing changes when it takes over.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type MouseEvent, type SubmitEvent } from 'react';
import { paths } from '#lib/paths.ts';
import { Field } from '#components/forms/Field.tsx';
import { FormMessages } from '#components/forms/Messages.tsx';
import { useIslandReady } from '#components/forms/useIslandReady.ts';
import { ui } from '#components/forms/ui.ts';
import { updateProfile, type Account } from './api.ts';
import { PROFILE_ACTIONS_HTML, PROFILE_PARTS, profileDetailsHtml, profileHeadHtml, profileStateHtml, type ProfilePart } from './profile-html.ts';
import { $accountLoad, islandTakesOver, keepAccount, loadAccount, startLoads } from './view.ts';

/** The element of a part of the card, with its markup inside (profile-html.ts draws the same). */
const part = (name: ProfilePart, html: string) => ({
  className: PROFILE_PARTS[name] || undefined,
  'data-profile-part': name,
  dangerouslySetInnerHTML: { __html: html },
});

export default function ProfilePage() {
  islandTakesOver();
  const { rootProps, root } = useIslandReady<HTMLDivElement>();
  const load = useStore($accountLoad);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => startLoads(false), []);

  const account = load.status === 'ready' ? load.value : undefined;

  // Edit Profile and Try Again are in the card's markup: their clicks are read here (also one EarlySubmit held).
  function click(event: MouseEvent) {
    const target = event.target as Element;
    if (target.closest('[data-retry]')) void loadAccount();
    if (target.closest('[data-edit-profile]')) {
      setSaved('');
      setEditing(true);
    }
  }

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
    keepAccount(result.account);
    setSaved(result.message || 'Profile updated.');
    setEditing(false);
    requestAnimationFrame(() => heading.current?.focus());
  }

  return (
    <div ref={root} {...rootProps} className="mx-auto max-w-3xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
        <a href={paths.account()} className={ui.link}>
          My Account
        </a>{' '}
        / <span aria-current="page">Profile</span>
      </nav>
      <h1 ref={heading} tabIndex={-1} className="mt-2 text-2xl font-bold text-stone-900 outline-none">
        {editing ? 'Edit Profile' : 'My Profile'}
      </h1>
      <div className={`${ui.card} mt-5`} data-profile-card onClick={click}>
        {!account ? (
          <div {...part('state', profileStateHtml(load))} />
        ) : (
          <>
            <div {...part('head', profileHeadHtml(account))} />
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
                <dl {...part('details', profileDetailsHtml(account))} />
                {saved && <FormMessages success={saved} />}
                <div {...part('actions', PROFILE_ACTIONS_HTML)} />
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
