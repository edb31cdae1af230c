/**
 * /api/users/addresses: the signed-in shopper's address book (the contract is
 * src/lib/schemas/addresses.ts). Thin: the token names the owner, the rules live in
 * src/server/addresses/book.ts. Every reply is the whole book as the change left it.
 */
import type { Context } from 'hono';
import { ADDRESS_BOOK_MESSAGES as M } from '#lib/address-book.ts';
import { AddressBodySchema, AddressBookReplySchema, AddressIdParam } from '#lib/schemas/addresses.ts';
import { addAddress, makeDefault, readAddresses, removeAddress, updateAddress } from '#server/addresses/book.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/client.ts';
import { parseBody } from '#server/http/body.ts';
import { HttpError } from '#server/http/errors.ts';
import { refusal, route } from '#server/http/openapi.ts';
import { uncachedRoutes } from '#server/http/replies.ts';
import { shopperId, type ListAccounts } from './list-change.ts';

const TAG = 'Address book';
const book = (description: string) => ({ description, schema: AddressBookReplySchema });
const NOT_FOUND = refusal(`'${M.notFound}': no such address, or another account's.`);
const ID = { addressId: AddressIdParam };

export function addressRoutes(db: Database, accounts: ListAccounts, clock: Clock) {
  const app = uncachedRoutes();
  // An id that cannot be an address's is as unknown as one that is not the shopper's.
  const addressId = (c: Context) => {
    const id = c.req.param('addressId') ?? '';
    if (!AddressIdParam.safeParse(id).success) throw new HttpError(404, M.notFound);
    return id.toLowerCase();
  };

  route(app, {
    method: 'get',
    path: '/',
    tag: TAG,
    summary: "The shopper's saved addresses, the default first",
    access: 'bearer',
    replies: { 200: book('The address book.') },
  }, async (c) => c.json({ success: true, addresses: await readAddresses(db, await shopperId(c, accounts)) }));

  route(app, {
    method: 'post',
    path: '/',
    tag: TAG,
    summary: 'Save an address (the first one, or one sent with `isDefault: true`, becomes the default)',
    access: 'bearer',
    body: AddressBodySchema,
    replies: { 201: book('The book with the new address.'), 409: refusal(`'${M.full}'`) },
  }, async (c) => {
    const userId = await shopperId(c, accounts);
    const body = await parseBody(c, AddressBodySchema);
    return c.json({ success: true, addresses: await addAddress(db, clock, userId, body), message: M.added }, 201);
  });

  route(app, {
    method: 'put',
    path: '/{addressId}',
    tag: TAG,
    summary: 'Change a saved address',
    access: 'bearer',
    params: ID,
    body: AddressBodySchema,
    replies: { 200: book('The book after the change.'), 404: NOT_FOUND },
  }, async (c) => {
    const userId = await shopperId(c, accounts);
    const id = addressId(c);
    const body = await parseBody(c, AddressBodySchema);
    return c.json({ success: true, addresses: await updateAddress(db, clock, userId, id, body), message: M.changed });
  });

  route(app, {
    method: 'delete',
    path: '/{addressId}',
    tag: TAG,
    summary: 'Remove a saved address (when it was the default, the oldest one left becomes the default)',
    access: 'bearer',
    params: ID,
    replies: { 200: book('The book after the change.'), 404: NOT_FOUND },
  }, async (c) => {
    const userId = await shopperId(c, accounts);
    return c.json({ success: true, addresses: await removeAddress(db, clock, userId, addressId(c)), message: M.removed });
  });

  route(app, {
    method: 'put',
    path: '/{addressId}/default',
    tag: TAG,
    summary: 'Make a saved address the default the checkout fills in',
    access: 'bearer',
    params: ID,
    replies: { 200: book('The book after the change.'), 404: NOT_FOUND },
  }, async (c) => {
    const userId = await shopperId(c, accounts);
    return c.json({ success: true, addresses: await makeDefault(db, clock, userId, addressId(c)), message: M.madeDefault });
  });

  return app;
}
