import { describe, expect, it } from 'vitest';
import { formatStaffDay, formatStaffTime, pakistanDay, pakistanDayEnd, pakistanDayStart } from './time.ts';

describe('staff times in Pakistan time', () => {
  it('shows a UTC time in Pakistan time (UTC+5), the day turning at 19:00 UTC', () => {
    expect(formatStaffTime('2026-11-27T18:59:00.000Z')).toMatch(/^27 Nov 2026, 11:59\spm$/i);
    expect(formatStaffTime('2026-11-27T19:00:00.000Z')).toMatch(/^28 Nov 2026, 12:00\sam$/i);
    expect(formatStaffDay('2026-11-27T19:00:00.000Z')).toBe('28 Nov 2026');
    expect(pakistanDay(new Date('2026-11-27T19:00:00.000Z'))).toBe('2026-11-28');
    expect(formatStaffTime('not a time')).toBe('');
  });

  it('turns a Pakistan day into its UTC bounds, the end exclusive; a day that is not one is null', () => {
    expect(pakistanDayStart('2026-11-28')).toBe('2026-11-27T19:00:00.000Z');
    expect(pakistanDayEnd('2026-11-28')).toBe('2026-11-28T19:00:00.000Z');
    for (const day of ['2026-02-30', '28-11-2026', '', '2026-11-28T00:00']) expect(pakistanDayStart(day), day).toBeNull();
  });
});
