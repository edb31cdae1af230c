/**
 * The reset page checks its link as it opens (GET /api/users/passwordreset/{token}, which uses
 * nothing up), so a link that is incomplete, used or expired says so before the shopper types two
 * passwords: the form is hidden and the message shown with the way to a new link. Plain script:
 * the form's island hydrates only when the shopper starts on it. A check that cannot reach the store,
 * or is refused for another reason (too many tries), leaves the form as it is: sending it tells.
 */
import { ApiClient } from '#lib/api.ts';
import { NO_TOKEN, resetTokenFrom } from './rules.ts';

export async function checkResetLink(doc: Document = document, client = new ApiClient()): Promise<void> {
  const form = doc.querySelector<HTMLElement>('[data-reset-form]');
  const dead = doc.querySelector<HTMLElement>('[data-reset-dead]');
  const text = dead?.querySelector<HTMLElement>('[data-reset-dead-text]');
  if (!form || !dead || !text) return;
  const token = resetTokenFrom(location.pathname);
  let message = token ? '' : NO_TOKEN;
  if (token) {
    const result = await client.request(`/api/users/passwordreset/${encodeURIComponent(token)}`, { timeoutMs: 10_000 });
    if (!result.ok && result.error.kind === 'http' && result.error.status === 400) message = result.error.message;
  }
  if (!message) return;
  text.textContent = message;
  form.hidden = true;
  dead.hidden = false;
}
