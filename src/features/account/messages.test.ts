import { describe, expect, it } from 'vitest';
import { failureMessage, FALLBACK } from './messages.ts';

describe('failureMessage', () => {
  it("shows the server's message, else the fallback", () => {
    expect(failureMessage({ kind: 'http', status: 401, message: 'Invalid e-mail or password.' }, FALLBACK.login)).toBe('Invalid e-mail or password.');
    expect(failureMessage({ kind: 'http', status: 429, message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' }, FALLBACK.login)).toMatch(
      /^Too many/,
    );
    expect(failureMessage({ kind: 'http', status: 404, message: 'Request failed (Status: 404)' }, FALLBACK.login)).toBe(FALLBACK.login);
    expect(failureMessage({ kind: 'http', status: 500, message: 'Server Error' }, FALLBACK.login)).toBe(FALLBACK.login);
    expect(failureMessage({ kind: 'http', status: 502, message: '<html>Bad gateway</html>' }, FALLBACK.login)).toBe(FALLBACK.login);
    expect(failureMessage({ kind: 'network', message: 'Could not reach the store (http://x).' }, FALLBACK.register)).toBe(FALLBACK.register);
    expect(failureMessage({ kind: 'validation', message: 'Invalid response format' }, FALLBACK.verify)).toBe(FALLBACK.verify);
  });
});
