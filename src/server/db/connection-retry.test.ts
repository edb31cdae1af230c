import { describe, expect, it } from 'vitest';
import { isConnectionLost, withConnectionRetry } from './connection-retry.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const quiet = () => {};

describe('isConnectionLost', () => {
  it('knows the server ending the session, node-postgres losing the socket, and errors wrapping them', () => {
    expect(isConnectionLost(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionLost(pgError('08006'))).toBe(true);
    expect(isConnectionLost(pgError('ECONNRESET'))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(new Error('Client was closed and is not queryable'))).toBe(true);
    expect(isConnectionLost(new Error('Failed query: rollback', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
  });
  it('leaves the statement\'s own errors alone', () => {
    expect(isConnectionLost(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isConnectionLost(pgError('40P01', 'deadlock detected'))).toBe(false);
    expect(isConnectionLost(new Error('boom'))).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
  });
});

describe('withConnectionRetry', () => {
  it('runs the work once more after a lost connection, and only once by default', async () => {
    let runs = 0;
    await expect(withConnectionRetry(async () => (++runs === 1 ? Promise.reject(pgError('57P01')) : 'placed'), { onRetry: quiet })).resolves.toBe('placed');
    expect(runs).toBe(2);
    runs = 0;
    await expect(withConnectionRetry(async () => { runs++; throw pgError('57P01'); }, { onRetry: quiet })).rejects.toThrow();
    expect(runs).toBe(2);
  });
  it('never repeats other errors, nor work marked unsafe to repeat', async () => {
    let runs = 0;
    await expect(withConnectionRetry(async () => { runs++; throw pgError('23505'); }, { onRetry: quiet })).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
    runs = 0;
    await expect(withConnectionRetry(async () => { runs++; throw pgError('57P01'); }, { retry: false, onRetry: quiet })).rejects.toMatchObject({ code: '57P01' });
    expect(runs).toBe(1);
  });
});
