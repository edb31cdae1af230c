/**
 * The account page's password change, an island of its own that hydrates on first interaction
 * (the account page's budget): current, new and confirm. When new and confirm differ,
 * 'Passwords do not match' and no call; otherwise the server's reply is shown (on success every
 * other device is signed out, this one stays). The form empties after a change.
 */
import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { FormMessages } from '#components/forms/Messages.tsx';
import { PasswordField } from '#components/forms/PasswordField.tsx';
import { StrengthMeter } from './StrengthMeter.tsx';
import { $account, changePassword } from './api.ts';
import { mismatchError } from './rules.ts';
import { ui } from '#components/forms/ui.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';

export default function ChangePasswordForm() {
  const { rootProps, root, mounted } = useIslandReady<HTMLDivElement>();
  // Read once hydrated: the static HTML was rendered without an account.
  const stored = useStore($account);
  const account = mounted ? stored : undefined;
  const userId = account?.id;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !userId) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const change = {
      currentPassword: String(form.get('currentPassword') ?? ''),
      newPassword: String(form.get('newPassword') ?? ''),
      confirmPassword: String(form.get('confirmPassword') ?? ''),
    };
    setSuccess('');
    const mismatch = mismatchError(change.newPassword, change.confirmPassword);
    if (mismatch) {
      setFields({ confirmPassword: mismatch });
      setError(mismatch);
      return;
    }
    setBusy(true);
    setError('');
    setFields({});
    const result = await changePassword(userId, change);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      setFields(result.fields ?? {});
      return;
    }
    formElement.reset();
    setSuccess(result.message || 'Password changed.');
  }

  return (
    <div ref={root} {...rootProps}>
      <form method="post" onSubmit={submit} className="space-y-5" aria-labelledby="password-heading">
        {/* For password managers: whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={account?.email ?? ''} readOnly hidden />
        <PasswordField id="currentPassword" label="Current password" autoComplete="current-password" required maxLength={1024} error={fields.currentPassword} />
        <PasswordField
          id="newPassword"
          label="New password"
          autoComplete="new-password"
          required
          maxLength={1024}
          error={fields.newPassword}
          hint={<StrengthMeter inputId="newPassword" />}
        />
        <PasswordField id="confirmPassword" label="Confirm new password" autoComplete="new-password" required maxLength={1024} error={fields.confirmPassword} />
        <div>
          <button type="submit" className={`${ui.primary} sm:w-auto sm:px-6`} disabled={busy || !userId}>
            {busy ? 'Changing...' : 'Change Password'}
          </button>
          <FormMessages error={error} success={success} />
        </div>
      </form>
    </div>
  );
}
