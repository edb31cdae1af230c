import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '#lib/api.ts';
import { $signedIn, $token, $userName } from './store.ts';
import { clearSession, logout, rememberAccount, signIn } from './user.ts';
import { authedRequest, sessionExpired, signOut } from './api.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => cleanTestStorage());

const details = {
  userName: 'Ayesha',
  userEmail: 'ayesha@example.pk',
  userPhone: '03001234567',
  userAddress: 'Lahore',
  userJoinDate: '2026-01-05T10:00:00.000Z',
};

describe('the session store', () => {
  it('sign-in stores the token, name, e-mail and phone under their localStorage keys', () => {
    signIn('tok-1', { name: 'Ayesha', email: 'ayesha@example.pk', phone: '03001234567' });
    expect(getTestStorage()).toEqual({ token: 'tok-1', userName: 'Ayesha', userEmail: 'ayesha@example.pk', userPhone: '03001234567' });
    expect($signedIn.get()).toBe(true);
  });
  it('a blank phone is not stored', () => {
    signIn('tok-1', { name: 'Ayesha', email: 'a@b.pk', phone: '' });
    expect(getTestStorage()).not.toHaveProperty('userPhone');
  });
  it('clearing forgets the token and every detail, and keeps the cart and wishlist', () => {
    for (const [key, value] of Object.entries({ token: 't', ...details, guestCart: '[]', wishlist: '[]' })) setTestStorageKey(key, value);
    clearSession();
    expect(getTestStorage()).toEqual({ guestCart: '[]', wishlist: '[]' });
    expect($signedIn.get()).toBe(false);
  });
  it("the account as the server gives it is kept under its keys; a blank detail's key is removed", () => {
    for (const [key, value] of Object.entries({ token: 'tok-1', ...details })) setTestStorageKey(key, value);
    rememberAccount({ name: 'Ayesha Khan', email: 'ayesha@example.pk', phone: '', address: 'Karachi', createdAt: details.userJoinDate });
    expect(getTestStorage()).toEqual({ token: 'tok-1', userName: 'Ayesha Khan', userEmail: 'ayesha@example.pk', userAddress: 'Karachi', userJoinDate: details.userJoinDate });
  });
  it('a blank token is not signed in', () => {
    setTestStorageKey('token', '  ');
    expect($signedIn.get()).toBe(false);
  });
});

describe('logout', () => {
  it('revokes the token, then forgets it and reloads', async () => {
    for (const [key, value] of Object.entries({ token: 'tok-1', ...details })) setTestStorageKey(key, value);
    const order: string[] = [];
    await logout(
      async (token) => order.push(`revoke ${token} (stored: ${$token.get()})`),
      () => order.push(`reload (stored: ${$token.get()}, ${$userName.get()})`),
    );
    expect(order).toEqual(['revoke tok-1 (stored: tok-1)', 'reload (stored: undefined, undefined)']);
    expect(getTestStorage()).toEqual({});
  });
  it('signs out here even when the call fails or throws', async () => {
    setTestStorageKey('token', 'tok-1');
    const reload = vi.fn();
    await logout(() => Promise.reject(new Error('offline')), reload);
    expect(getTestStorage()).toEqual({});
    expect(reload).toHaveBeenCalledOnce();
  });
  it("removes what the device's caches hold of the shopper once signed out, before the reload", async () => {
    setTestStorageKey('token', 'tok-1');
    const order: string[] = [];
    await logout(
      async () => void order.push('revoked'),
      () => order.push('reloaded'),
      undefined,
      async () => void order.push(`forgot (stored: ${$token.get()})`),
    );
    expect(order).toEqual(['revoked', 'forgot (stored: undefined)', 'reloaded']);
  });
  it('makes no call without a token', async () => {
    const revoke = vi.fn();
    const reload = vi.fn();
    await logout(revoke, reload);
    expect(revoke).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('against an HTTP server', () => {
  let server: Server;
  let client: ApiClient;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      const ok = req.headers.authorization === 'Bearer live';
      res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(ok ? { success: true, message: 'Signed out.' } : { success: false, message: 'Please sign in again.' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    client = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterEach(() => (seen.length = 0));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('signOut posts to /api/auth/logout with the token, then clears and reloads', async () => {
    for (const [key, value] of Object.entries({ token: 'live', ...details })) setTestStorageKey(key, value);
    const reload = vi.fn();
    await signOut(client, reload);
    expect(seen).toEqual(['POST /api/auth/logout Bearer live']);
    expect(getTestStorage()).toEqual({});
    expect(reload).toHaveBeenCalledOnce();
  });
  it('signOut with a revoked token (401) still signs out, and a server that is down too', async () => {
    setTestStorageKey('token', 'revoked');
    const reload = vi.fn();
    await signOut(client, reload);
    expect(getTestStorage()).toEqual({});
    setTestStorageKey('token', 'live');
    await signOut(new ApiClient('http://127.0.0.1:9'), reload);
    expect(getTestStorage()).toEqual({});
    expect(reload).toHaveBeenCalledTimes(2);
  });
  it('an authed call answered 401 calls onExpired; one answered 200 does not', async () => {
    const onExpired = vi.fn();
    setTestStorageKey('token', 'live');
    expect(await authedRequest('/x', {}, { client, onExpired })).toMatchObject({ ok: true });
    expect(onExpired).not.toHaveBeenCalled();
    setTestStorageKey('token', 'revoked');
    expect(await authedRequest('/x', {}, { client, onExpired })).toMatchObject({ ok: false, error: { status: 401 } });
    expect(onExpired).toHaveBeenCalledOnce();
  });
  it('several 401s on one page (account, cart, wishlist) forget the session each time but are answered once', () => {
    const go = vi.fn();
    const notify = vi.fn();
    for (let i = 0; i < 3; i++) {
      setTestStorageKey('token', 'revoked');
      sessionExpired({ here: '/profile/', go, notify });
      expect(getTestStorage()).toEqual({});
    }
    expect(go).toHaveBeenCalledOnce();
    expect(go).toHaveBeenCalledWith('/signin/?next=%2Fprofile%2F');
    expect(notify).not.toHaveBeenCalled();
  });
});
