/**
 * The account page's address book, no React: draws the saved addresses (the copy kept on this
 * device at once, then the API's), and adds, edits, removes and makes default through the API.
 * The form checks each field with the API's own rule and words (addressBookFieldError) before
 * sending; the API's per-field errors are shown beside the fields the same way. Nothing typed is
 * lost on a refusal.
 */
import { ADDRESS_BOOK_FIELDS, ADDRESS_BOOK_LIMITS, ADDRESS_BOOK_MESSAGES, addressBookFieldError, type AddressBookField } from '#lib/address-book.ts';
import { ui } from '#components/forms/ui.ts';
import { addAddress, changeAddress, loadAddresses, makeDefaultAddress, removeAddress, type BookOutcome } from './api.ts';
import { addressBook } from '#lib/stored-addresses.ts';
import { addressListHtml } from './address-book-html.ts';

const FIELDS = Object.keys(ADDRESS_BOOK_FIELDS) as AddressBookField[];
const bookId = (field: string) => `book-${field}`;

const section = document.querySelector<HTMLElement>('[data-address-book]');
if (section) {
  const list = section.querySelector<HTMLElement>('[data-address-list]')!;
  const form = section.querySelector<HTMLFormElement>('[data-address-form]')!;
  const title = form.querySelector<HTMLElement>('[data-address-form-title]')!;
  const status = section.querySelector<HTMLElement>('[data-address-status]')!;
  const alert = section.querySelector<HTMLElement>('[data-address-error]')!;
  const add = section.querySelector<HTMLButtonElement>('[data-address-add]')!;
  const control = (f: AddressBookField) => form.elements.namedItem(bookId(f)) as HTMLInputElement | HTMLSelectElement;
  const isDefault = () => form.elements.namedItem('isDefault') as HTMLInputElement;
  let editing: string | undefined;
  let loaded = false;

  const say = (message = '', error = '') => {
    status.textContent = message;
    alert.textContent = error;
  };
  const draw = () => {
    const book = addressBook();
    if (loaded || book.length) list.innerHTML = addressListHtml(book);
    add.disabled = book.length >= ADDRESS_BOOK_LIMITS.addresses;
    add.title = add.disabled ? ADDRESS_BOOK_MESSAGES.full : '';
  };

  function showErrors(errors: Partial<Record<string, string>>): void {
    for (const field of FIELDS) {
      const el = control(field);
      const id = `${bookId(field)}-error`;
      document.getElementById(id)?.remove();
      const message = errors[field];
      const hint = document.getElementById(`${bookId(field)}-hint`) ? `${bookId(field)}-hint` : '';
      el.toggleAttribute('aria-invalid', Boolean(message));
      el.setAttribute('aria-describedby', [hint, message ? id : ''].filter(Boolean).join(' '));
      if (!el.getAttribute('aria-describedby')) el.removeAttribute('aria-describedby');
      if (!message) continue;
      const p = document.createElement('p');
      p.id = id;
      p.className = ui.fieldError;
      p.textContent = message;
      el.closest('div:not(.relative)')!.append(p);
    }
  }

  function open(id?: string): void {
    editing = id;
    const a = addressBook().find((x) => x.id === id);
    title.textContent = a ? `Edit ${a.label}` : 'New address';
    for (const field of FIELDS) control(field).value = a ? a[field] : field === 'label' ? (addressBook().length ? '' : 'Home') : '';
    isDefault().checked = a?.isDefault ?? false;
    isDefault().disabled = a?.isDefault ?? false;
    showErrors({});
    say();
    form.hidden = false;
    control('label').focus();
  }

  function close(): void {
    form.hidden = true;
    editing = undefined;
    add.focus();
  }

  async function done(outcome: BookOutcome): Promise<boolean> {
    draw();
    if (outcome.ok) return say(outcome.message), true;
    showErrors(Object.fromEntries(Object.entries(outcome.fields ?? {}).filter(([k]) => (FIELDS as string[]).includes(k))));
    say('', outcome.message);
    return false;
  }

  add.addEventListener('click', () => open());
  form.querySelector('[data-address-cancel]')!.addEventListener('click', close);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(FIELDS.map((f) => [f, control(f).value])) as Record<AddressBookField, string>;
    const errors = Object.fromEntries(FIELDS.flatMap((f) => (addressBookFieldError(f, values[f]) ? [[f, addressBookFieldError(f, values[f])!]] : [])));
    showErrors(errors);
    const first = FIELDS.find((f) => errors[f]);
    if (first) {
      say('', 'Please correct the fields marked above.');
      return control(first).focus();
    }
    const body = { ...values, ...(isDefault().checked ? { isDefault: true } : {}) };
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    submit.disabled = true;
    const ok = await done(await (editing ? changeAddress(editing, body) : addAddress(body)));
    submit.disabled = false;
    if (ok) close();
  });
  list.addEventListener('click', async (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-address-action]');
    const id = button?.dataset.id;
    if (!button || !id) return;
    const action = button.dataset.addressAction;
    if (action === 'edit') return open(id);
    button.disabled = true;
    await done(await (action === 'remove' ? removeAddress(id) : makeDefaultAddress(id)));
  });

  draw();
  void loadAddresses().then((outcome) => {
    loaded = true;
    if (outcome.ok) return draw();
    if (!addressBook().length) list.innerHTML = '';
    say('', outcome.message);
  });
}
