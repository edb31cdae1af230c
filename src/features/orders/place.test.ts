import { describe, expect, it } from 'vitest';
import { isServerFailure } from './place.ts';

describe('isServerFailure: what counts as a server error', () => {
  it.each([
    [{ kind: 'http', status: 500, message: 'x' }, true],
    [{ kind: 'http', status: 503, message: 'x' }, true],
    [{ kind: 'http', status: 400, message: 'Server Error' }, true],
    [{ kind: 'network', message: 'Could not reach the store' }, true],
    [{ kind: 'timeout', message: 'The store did not answer in time' }, true],
    [{ kind: 'http', status: 400, message: 'Please check the form.' }, false],
    [{ kind: 'http', status: 409, message: 'Some items changed' }, false],
    [{ kind: 'http', status: 422, message: 'Key reused' }, false],
  ])('%j → %s', (error, expected) => expect(isServerFailure(error)).toBe(expected));
});
