import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency-key.ts';

describe('IDEMPOTENCY_KEY', () => {
  it('takes 1 to 200 visible ASCII characters', () => {
    expect(IDEMPOTENCY_KEY_MAX_LENGTH).toBe(200);
    for (const key of ['a', '550e8400-e29b-41d4-a716-446655440000', '!~', 'k'.repeat(200)]) expect(IDEMPOTENCY_KEY.test(key), key).toBe(true);
  });

  it('refuses an empty or longer key, spaces, control and non-ASCII characters', () => {
    for (const key of ['', 'k'.repeat(201), 'a b', 'a\tb', 'a\u007fb', 'clé', 'a\nb']) expect(IDEMPOTENCY_KEY.test(key), JSON.stringify(key)).toBe(false);
  });
});
