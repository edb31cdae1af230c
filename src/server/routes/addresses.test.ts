/**
 * The address book: only the signed-in shopper's own addresses, at most ADDRESS_BOOK_LIMITS an
 * account, exactly one default while any is left, and the address rule of the checkout (Pakistan,
 * one of the seven provinces, a postal code of 5 digits or none). Hostile input is a 4xx.
 */
import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '#lib/address.ts';
import { ADDRESS_BOOK_LIMITS, ADDRESS_BOOK_MESSAGES } from '#lib/address-book.ts';
import { useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

const HOME = { label: 'Home', address: '7 Canal View', city: 'Lahore', province: 'Punjab', postalCode: '54000' };
const OFFICE = { label: 'Office', address: 'Plot 3, I.I. Chundrigar Road', city: 'Karachi', province: 'SD' };

describe.each(testDatabases)('address book on $name', (target) => {
  const api = useAccountsApi(useDatabase(target));
  const BOOK = '/api/users/addresses';

  it('saves addresses: the first is the default, the province is stored by value, no postal code is empty', async () => {
    const { token } = await api().signUp();
    expect((await api().call('GET', BOOK, undefined, token)).body).toEqual({ success: true, addresses: [] });
    const first = await api().call('POST', BOOK, HOME, token);
    expect(first.status).toBe(201);
    const second = await api().call('POST', BOOK, OFFICE, token);
    expect(second.body.addresses).toEqual([
      { id: expect.any(String), ...HOME, province: 'PB', isDefault: true },
      { id: expect.any(String), ...OFFICE, province: 'SD', postalCode: '', isDefault: false },
    ]);
    expect(second.headers.get('cache-control')).toBe('no-store');
  });

  it('one default: making another the default, adding one as default, removing the default', async () => {
    const { token } = await api().signUp();
    await api().call('POST', BOOK, HOME, token);
    const [home, office] = (await api().call('POST', BOOK, OFFICE, token)).body.addresses;
    const moved = await api().call('PUT', `${BOOK}/${office.id}/default`, undefined, token);
    expect(moved.body.addresses.map((a: { label: string; isDefault: boolean }) => [a.label, a.isDefault])).toEqual([['Office', true], ['Home', false]]);
    const third = await api().call('POST', BOOK, { ...HOME, label: 'Parents', isDefault: true }, token);
    expect(third.body.addresses.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { label: string }) => a.label)).toEqual(['Parents']);
    const parents = third.body.addresses[0].id;
    const removed = await api().call('DELETE', `${BOOK}/${parents}`, undefined, token);
    expect(removed.body.addresses.map((a: { id: string; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([[home.id, true], [office.id, false]]);
  });

  it('edits an address, keeping it the default', async () => {
    const { token } = await api().signUp();
    const [home] = (await api().call('POST', BOOK, HOME, token)).body.addresses;
    const edited = await api().call('PUT', `${BOOK}/${home.id}`, { ...HOME, city: 'Sialkot', postalCode: '' }, token);
    expect(edited.status).toBe(200);
    expect(edited.body.addresses).toEqual([{ ...home, city: 'Sialkot', postalCode: '' }]);
  });

  it(`refuses an address past ${ADDRESS_BOOK_LIMITS.addresses}, keeping the book as it was`, async () => {
    const { token } = await api().signUp();
    for (let i = 0; i < ADDRESS_BOOK_LIMITS.addresses; i++) expect((await api().call('POST', BOOK, { ...HOME, label: `Place ${i}` }, token)).status).toBe(201);
    const over = await api().call('POST', BOOK, { ...HOME, label: 'One too many' }, token);
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ success: false, message: ADDRESS_BOOK_MESSAGES.full });
    expect((await api().call('GET', BOOK, undefined, token)).body.addresses).toHaveLength(ADDRESS_BOOK_LIMITS.addresses);
  });

  it("another account's address is a 404 to read, change, remove or make default, and is left alone", async () => {
    const owner = await api().signUp();
    const [home] = (await api().call('POST', BOOK, HOME, owner.token)).body.addresses;
    const other = await api().signUp();
    for (const [method, path, body] of [
      ['PUT', `${BOOK}/${home.id}`, { ...HOME, city: 'Quetta' }],
      ['DELETE', `${BOOK}/${home.id}`, undefined],
      ['PUT', `${BOOK}/${home.id}/default`, undefined],
    ] as const) {
      const reply = await api().call(method, path, body, other.token);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ success: false, message: ADDRESS_BOOK_MESSAGES.notFound });
    }
    expect((await api().call('GET', BOOK, undefined, other.token)).body.addresses).toEqual([]);
    expect((await api().call('GET', BOOK, undefined, owner.token)).body.addresses).toEqual([home]);
  });

  it('without a token every route is a 401', async () => {
    for (const [method, path] of [['GET', BOOK], ['POST', BOOK], ['PUT', `${BOOK}/00000000-0000-4000-8000-000000000000`], ['DELETE', `${BOOK}/00000000-0000-4000-8000-000000000000`]] as const) {
      expect((await api().call(method, path, method === 'GET' ? undefined : HOME)).status).toBe(401);
    }
  });

  it.each([
    ['province', { province: 'xyz' }, ADDRESS_MESSAGES.province],
    ['province', { province: '' }, ADDRESS_MESSAGES.province],
    ['postalCode', { postalCode: '1' }, ADDRESS_MESSAGES.postalCode],
    ['postalCode', { postalCode: '540001' }, ADDRESS_MESSAGES.postalCode],
    ['postalCode', { postalCode: 'x'.repeat(10_000) }, ADDRESS_MESSAGES.postalCode],
    ['city', { city: ' ' }, 'City is required.'],
    ['address', { address: 'x'.repeat(10_000) }, 'Address must be at most 500 characters.'],
    ['label', { label: 'L'.repeat(41) }, 'Label must be at most 40 characters.'],
    ['label', { label: 'Home\u0000' }, 'Label must not contain control characters.'],
    ['country', { country: 'India' }, "Unknown field 'country'."],
    ['isDefault', { isDefault: 'yes' }, ADDRESS_BOOK_MESSAGES.isDefault],
  ])('%s: %j is a 400 naming the field, and nothing is saved', async (path, change, message) => {
    const { token } = await api().signUp();
    const reply = await api().call('POST', BOOK, { ...HOME, ...change }, token);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[path]).toBe(message);
    expect((await api().call('GET', BOOK, undefined, token)).body.addresses).toEqual([]);
  });

  it('a path id that is not an address id is a 404, never a 500', async () => {
    const { token } = await api().signUp();
    for (const id of ['1', "1' or '1'='1", 'x'.repeat(300), '%00']) {
      const reply = await api().call('DELETE', `${BOOK}/${id}`, undefined, token);
      expect(reply.status).toBe(404);
    }
  });
});
