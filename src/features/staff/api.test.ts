import { describe, expect, it } from 'vitest';
import { STAFF_ACCESS_TEXT } from '#lib/staff-permissions.ts';
import { leaveFor } from './api.ts';

describe('where a refused staff call sends the browser', () => {
  it('a lapsed or missing session: to the sign-in, coming back here after', () => {
    expect(leaveFor(401, STAFF_ACCESS_TEXT.signIn, '/staff/audit/?action=staff.role')).toBe('/staff/?next=%2Fstaff%2Faudit%2F%3Faction%3Dstaff.role');
  });

  it('an owed authenticator set-up: to the set-up', () => {
    expect(leaveFor(403, STAFF_ACCESS_TEXT.totpFirst, '/staff/members/')).toBe('/staff/setup/');
  });

  it('a role refused, a bad field or a conflict: nowhere (the page says it)', () => {
    expect(leaveFor(403, STAFF_ACCESS_TEXT.forbidden, '/staff/members/')).toBeNull();
    expect(leaveFor(400, 'Please enter a valid e-mail address.', '/staff/members/')).toBeNull();
    expect(leaveFor(409, 'The shop needs an owner: make another member owner first.', '/staff/members/')).toBeNull();
  });
});
