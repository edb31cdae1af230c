import { describe, expect, it } from 'vitest';
import { actionLabel, changeLines, valueText } from './audit-view.ts';

describe('the audit trail as the owner reads it', () => {
  it('says a role change as the one field that changed, both sides', () => {
    const before = { email: 'p@shop.pk', name: 'Pia', role: 'packer' };
    const after = { email: 'p@shop.pk', name: 'Pia', role: 'manager' };
    expect(changeLines(before, after)).toEqual([{ field: 'role', before: 'packer', after: 'manager' }]);
  });

  it('shows a new record as its after only, and a removal with its time in Pakistan time', () => {
    expect(changeLines(null, { email: 'a@shop.pk', role: 'packer' })).toEqual([
      { field: 'email', after: 'a@shop.pk' },
      { field: 'role', after: 'packer' },
    ]);
    // 19:00 UTC is midnight in Pakistan (UTC+5): the next day.
    expect(changeLines({ role: 'packer' }, { removedAt: '2026-11-27T19:00:00.000Z' })).toEqual([
      { field: 'role', before: 'packer' },
      { field: 'removedAt', after: valueText('2026-11-27T19:00:00.000Z') },
    ]);
    expect(valueText('2026-11-27T19:00:00.000Z')).toMatch(/28 Nov 2026/);
  });

  it('writes values that are not objects, lists and nothing plainly', () => {
    expect(changeLines('Pending', 'Processing')).toEqual([{ field: 'value', before: 'Pending', after: 'Processing' }]);
    expect(valueText(null)).toBe('none');
    expect(valueText(['a', 2, true])).toBe('a, 2, true');
    expect(valueText({ step: 'password', tries: 2 })).toBe('step: password; tries: 2');
  });

  it('names known actions in words and leaves an unknown one as written', () => {
    expect(actionLabel('staff.role')).toBe('Changed a role');
    expect(actionLabel('catalog.price')).toBe('catalog.price');
  });
});
