import { describe, expect, it } from 'vitest';
import { isStaffPath, PRIVATE_PREFIXES, staffPaths, staffReturnPath } from './paths.ts';

describe('the staff pages’ addresses', () => {
  it('tells staff pages and the staff API from everything else', () => {
    for (const path of ['/staff', '/staff/', '/staff/orders/', '/staff/accept/', '/api/staff', '/api/staff/me']) expect(isStaffPath(path), path).toBe(true);
    for (const path of ['/', '/staffing/', '/api/staffing', '/product/staff/', '/api/users/me', '/x/staff/']) expect(isStaffPath(path), path).toBe(false);
  });

  it('builds every staff URL, the invitation token in the fragment and the order number encoded', () => {
    expect(staffPaths.signIn()).toBe('/staff/');
    expect(staffPaths.signIn('/staff/audit/?action=staff.role')).toBe('/staff/?next=%2Fstaff%2Faudit%2F%3Faction%3Dstaff.role');
    expect(staffPaths.accept('abc_DEF-1')).toBe('/staff/accept/#abc_DEF-1');
    expect(staffPaths.order('KIR 12&3')).toBe('/staff/order/?number=KIR+12%263');
    expect([staffPaths.setup(), staffPaths.orders(), staffPaths.reports(), staffPaths.members(), staffPaths.audit()]).toEqual(['/staff/setup/', '/staff/orders/', '/staff/reports/', '/staff/members/', '/staff/audit/']);
  });

  it('returns after sign-in only to a staff page, never elsewhere or round to the sign-in', () => {
    expect(staffReturnPath('/staff/audit/?action=staff.role')).toBe('/staff/audit/?action=staff.role');
    for (const next of [null, '', 'https://evil.example/staff/', '//evil.example/staff/', '/account/', '/staff/', '/staff/?next=/staff/', '/staff/\\evil', '/staff/ x']) {
      expect(staffReturnPath(next), String(next)).toBe('/staff/orders/');
    }
  });

  it('asks search engines to skip the staff pages', () => {
    expect(PRIVATE_PREFIXES).toContain('/staff/');
  });
});
