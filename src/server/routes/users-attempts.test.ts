/**
 * Registration attempts: whoever registers an e-mail they cannot read mail for gains nothing. Each
 * registration (and each sign-in with the right password while unverified) is an attempt with its
 * own id, details and code; only the attempt whose code is entered decides the account's password.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M } from '#server/auth/messages.ts';
import { TEST_PASSWORD, useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

const OWNER = TEST_PASSWORD;
const ATTACKER = 'the attacker password';

describe.each(testDatabases)('registration attempts on $name', (target) => {
  const database = useDatabase(target);
  const api = useAccountsApi(database);
  const rows = async (query: ReturnType<typeof sql>) => ((await database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const verify = (userId: string, verificationCode: string) => api().call('POST', '/api/users/verify', { userId, verificationCode });
  const resend = (userId: string) => api().call('POST', '/api/users/verify/resend', { userId });
  const login = (email: string, password: string) => api().call('POST', '/api/users/login', { email, password });
  /** Registers `email` as someone else would, and reads the code mailed for that attempt. */
  const registerAs = async (email: string, name: string, password: string) => {
    const reply = await api().call('POST', '/api/users/register', { name, email, phone: '0399 0000000', password });
    expect(reply.status).toBe(201);
    return { userId: reply.body.userId as string, code: await api().nextCode(email) };
  };
  /** A code that is not `code` (codes are random: two attempts may draw the same one). */
  const other = (code: string) => (code === '000000' ? '111111' : '000000');

  it('an attacker registering after the owner changes neither the owner attempt nor its code, and cannot use it', async () => {
    const owner = await api().register(undefined, OWNER);
    const attacker = await registerAs(owner.email, 'Attacker', ATTACKER);
    expect(attacker.userId).not.toBe(owner.userId);
    // The account still holds the owner's details; the owner's code still works, with the owner's password.
    expect(await rows(sql`select name, phone from users where email = ${owner.email}`)).toEqual([{ name: 'Ayesha Khan', phone: '+923001234567' }]);
    if (owner.code !== attacker.code) expect((await verify(attacker.userId, owner.code)).body.message).toBe(M.wrongCode);
    const verified = await verify(owner.userId, owner.code);
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ name: 'Ayesha Khan', phone: '+923001234567', email: owner.email });
    expect((await login(owner.email, OWNER)).status).toBe(200);
    expect((await login(owner.email, ATTACKER)).status).toBe(401);
    // The attacker's attempt died with the verification, its own code too.
    expect(await verify(attacker.userId, attacker.code)).toMatchObject({ status: 409, body: { success: false, message: M.alreadyVerified } });
    expect(await resend(attacker.userId)).toMatchObject({ status: 409, body: { success: false, message: M.alreadyVerified } });
  });

  it('an attacker registering first does not win when the owner verifies later', async () => {
    const email = api().email('prehijack');
    const attacker = await registerAs(email, 'Attacker', ATTACKER);
    const owner = await api().register(email, OWNER);
    // The owner's code is for the owner's attempt only.
    if (owner.code !== attacker.code) expect((await verify(attacker.userId, owner.code)).body.message).toBe(M.wrongCode);
    const verified = await verify(owner.userId, owner.code);
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ name: 'Ayesha Khan', phone: '+923001234567' });
    expect((await login(email, ATTACKER)).status).toBe(401);
    expect((await login(email, OWNER)).status).toBe(200);
    expect((await verify(attacker.userId, attacker.code)).status).toBe(409);
  });

  it('an attempt code verifies that attempt only, and a resend kills that attempt code only', async () => {
    const first = await api().register(undefined, OWNER);
    const second = await registerAs(first.email, 'Second', 'second password');
    if (first.code !== second.code) {
      expect((await verify(second.userId, first.code)).body.message).toBe(M.wrongCode);
      expect((await verify(first.userId, second.code)).body.message).toBe(M.wrongCode);
    }
    expect((await resend(second.userId)).status).toBe(200);
    const renewed = await api().nextCode(first.email);
    if (renewed !== second.code) expect((await verify(second.userId, second.code)).body.message).toBe(M.wrongCode);
    // The first attempt's code outlived the second attempt's resend.
    const verified = await verify(first.userId, first.code);
    expect(verified.status).toBe(200);
    expect(verified.body.user.name).toBe('Ayesha Khan');
    expect((await verify(second.userId, renewed)).status).toBe(409);
  });

  it('wrong tries on one attempt leave the other attempt code alive', async () => {
    const owner = await api().register(undefined, OWNER);
    const attacker = await registerAs(owner.email, 'Attacker', ATTACKER);
    for (let i = 0; i < 5; i++) expect((await verify(attacker.userId, other(attacker.code))).status).toBe(400);
    expect((await verify(attacker.userId, attacker.code)).body.message).toBe(M.tooManyWrongCodes);
    expect((await verify(owner.userId, owner.code)).status).toBe(200);
  });

  it('two attempts verified at the same moment: one wins, the other is told the e-mail is verified', async () => {
    const first = await api().register(undefined, OWNER);
    const second = await registerAs(first.email, 'Second', 'second password');
    const replies = await Promise.all([verify(first.userId, first.code), verify(second.userId, second.code)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = replies[0].status === 200 ? { password: OWNER, loser: 'second password' } : { password: 'second password', loser: OWNER };
    expect((await login(first.email, winner.password)).status).toBe(200);
    expect((await login(first.email, winner.loser)).status).toBe(401);
  });

  it('a sign-in while unverified proves the password of its own attempt, not the attacker one', async () => {
    const email = api().email('signin');
    await registerAs(email, 'Attacker', ATTACKER);
    const owner = await api().register(email, OWNER);
    const reply = await login(email, OWNER);
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ needsVerification: true, message: M.needsVerification(email) });
    expect([owner.userId]).not.toContain(reply.body.userId);
    const code = await api().nextCode(email);
    const verified = await verify(reply.body.userId, code);
    expect(verified.status).toBe(200);
    expect(verified.body.user.name).toBe('Ayesha Khan');
    expect((await login(email, ATTACKER)).status).toBe(401);
    expect((await verify(owner.userId, owner.code)).status).toBe(409);
  });

  it("a stranger's registrations never block the owner's: she registers from her network and verifies with her own name", async () => {
    const victim = api().email('victim');
    const stranger = { name: 'Stranger Danger', email: victim, phone: '0399 0000000', password: ATTACKER };
    const sent: number[] = [];
    for (const client of ['127.0.0.2', '127.0.0.4']) {
      let ok = 0;
      for (let i = 0; i < 8; i++) {
        const reply = await api().call('POST', '/api/users/register', stranger, undefined, client);
        expect([201, 429]).toContain(reply.status);
        if (reply.status === 201) ok++;
        else expect(reply.body.message).toMatch(/^Too many codes requested\. Please try again in 60 minutes\.$/);
      }
      sent.push(ok);
    }
    // Each stranger's client: the first registration's own code (the account's first only) and 5 asked for.
    expect(sent).toEqual([6, 5]);
    const owner = await api().call('POST', '/api/users/register', { name: 'Ayesha Khan', email: victim, phone: '0300 1234567', password: OWNER }, undefined, '127.0.0.3');
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);
    expect(owner.body.message).toBe(M.codeSent(victim));
    // Every mail to her is bounded: the strangers' (per client) and hers, which greets her by her name.
    await api().mailer.settled();
    const mails = api().smtp.mails.filter((m) => m.to.includes(victim));
    expect(mails).toHaveLength(6 + 5 + 1);
    const hers = mails.filter((m) => m.text.includes('Ayesha Khan'));
    expect(hers).toHaveLength(1);
    const code = /\d{6}/.exec(hers[0].subject)![0];
    const verified = await api().call('POST', '/api/users/verify', { userId: owner.body.userId, verificationCode: code }, undefined, '127.0.0.3');
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ name: 'Ayesha Khan', phone: '+923001234567', email: victim });
    expect(await rows(sql`select name, phone from users where email = ${victim}`)).toEqual([{ name: 'Ayesha Khan', phone: '+923001234567' }]);
    expect((await login(victim, OWNER)).status).toBe(200);
    expect((await login(victim, ATTACKER)).status).toBe(401);
  });

  it('counts every attempt of an account from one client against the same 5 codes an hour', async () => {
    const owner = await api().register(undefined, OWNER);
    for (let i = 0; i < 5; i++) await registerAs(owner.email, `Someone ${i}`, ATTACKER);
    const refused = await api().call('POST', '/api/users/register', { name: 'Someone', email: owner.email, password: ATTACKER });
    expect(refused.status).toBe(429);
    expect((await resend(owner.userId)).status).toBe(429);
    // Past the limit a sign-in names the newest attempt made with that password, whose code was mailed.
    const signIn = await login(owner.email, OWNER);
    expect(signIn.body).toMatchObject({ needsVerification: true, userId: owner.userId });
    expect((await verify(owner.userId, owner.code)).status).toBe(200);
  });

  it('a password reset verifies the account and ends every pending attempt', async () => {
    const owner = await api().register(undefined, OWNER);
    const attacker = await registerAs(owner.email, 'Attacker', ATTACKER);
    expect((await api().call('POST', '/api/users/forgotpassword', { email: owner.email })).status).toBe(200);
    const mail = await api().nextMail(owner.email, 'Reset your Kiryana password');
    const token = /passwordreset\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    expect((await api().call('PUT', `/api/users/passwordreset/${token}`, { password: 'reset password' })).status).toBe(200);
    expect((await verify(attacker.userId, attacker.code)).status).toBe(409);
    expect((await verify(owner.userId, owner.code)).status).toBe(409);
    expect((await login(owner.email, 'reset password')).status).toBe(200);
  });
});
