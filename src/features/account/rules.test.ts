import { describe, expect, it } from 'vitest';
import { canVerify, cleanCode, mismatchError, passwordScore, resetTokenFrom, strengthLabel } from './rules.ts';

describe('passwordScore', () => {
  it('gives one point for each of length ≥ 8, lowercase, uppercase, digit and symbol', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('abc')).toBe(1);
    expect(passwordScore('abcdefgh')).toBe(2);
    expect(passwordScore('Abcdefgh')).toBe(3);
    expect(passwordScore('Abcdefg1')).toBe(4);
    expect(passwordScore('Abcdef1!')).toBe(5);
    expect(passwordScore('A1!')).toBe(3);
    expect(passwordScore('ABCDEFGH')).toBe(2);
    expect(passwordScore('12345678')).toBe(2);
  });
  it('counts spaces and non-Latin characters as symbols', () => {
    expect(passwordScore(' ')).toBe(1);
    expect(passwordScore('پاکستان')).toBe(1);
  });
  it('counts exactly 8 characters, not 7', () => {
    expect(passwordScore('aaaaaaa')).toBe(1);
    expect(passwordScore('aaaaaaaa')).toBe(2);
  });
});

describe('strengthLabel', () => {
  it('says Weak at 1 or less, Fair at 2, Good at 3, Strong at 4 and 5', () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthLabel)).toEqual(['Weak', 'Weak', 'Fair', 'Good', 'Strong', 'Strong']);
  });
});

describe('mismatchError', () => {
  it("says 'Passwords do not match' unless both are the same, exactly", () => {
    expect(mismatchError('Secret123!', 'Secret123!')).toBeUndefined();
    expect(mismatchError('Secret123!', 'secret123!')).toBe('Passwords do not match');
    expect(mismatchError('Secret123!', 'Secret123! ')).toBe('Passwords do not match');
    expect(mismatchError('', 'x')).toBe('Passwords do not match');
  });
});

describe('the verification code', () => {
  it('keeps at most 6 characters, without spaces', () => {
    expect(cleanCode('123 456')).toBe('123456');
    expect(cleanCode('1234567')).toBe('123456');
    expect(cleanCode(' 12 ')).toBe('12');
  });
  it('can be verified at exactly 6 characters', () => {
    expect(canVerify('12345')).toBe(false);
    expect(canVerify('123456')).toBe(true);
  });
});

describe('resetTokenFrom', () => {
  it('reads the token of /passwordreset/{token}, with or without the trailing slash', () => {
    expect(resetTokenFrom('/passwordreset/abc_DEF-123')).toBe('abc_DEF-123');
    expect(resetTokenFrom('/passwordreset/abc_DEF-123/')).toBe('abc_DEF-123');
    expect(resetTokenFrom('/passwordreset/a%2Fb')).toBe('a/b');
  });
  it('is empty for the bare page, a deeper path or a broken escape', () => {
    expect(resetTokenFrom('/passwordreset/')).toBe('');
    expect(resetTokenFrom('/passwordreset')).toBe('');
    expect(resetTokenFrom('/passwordreset/a/b')).toBe('');
    expect(resetTokenFrom('/passwordreset/%E0%A4%A')).toBe('');
  });
});
