import { describe, expect, it } from 'vitest';
import { sinceText } from './since.ts';

describe('sinceText', () => {
  const now = new Date('2026-11-26T10:00:00Z'); // 15:00 in Pakistan
  it('counts calendar days in Pakistan', () => {
    expect(sinceText('2026-11-26T09:59:00Z', now)).toBe('today');
    expect(sinceText('2026-11-25T19:30:00Z', now)).toBe('today'); // 00:30 on the 26th in Karachi
    expect(sinceText('2026-11-25T18:00:00Z', now)).toBe('yesterday');
    expect(sinceText('2026-11-21T10:00:00Z', now)).toBe('5 days ago');
    expect(sinceText('2026-10-27T10:00:00Z', now)).toBe('30 days ago');
    expect(sinceText('2026-09-14T10:00:00Z', now)).toBe('on 14 Sept 2026');
  });
  it('says nothing for a date it cannot read', () => {
    expect(sinceText('', now)).toBe('');
    expect(sinceText('not a date', now)).toBe('');
  });
});
