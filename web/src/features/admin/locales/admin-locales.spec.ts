import { describe, expect, it } from '@jest/globals';
// Every language's keys, placeholders and plural forms are checked with the other feature
// texts in web/src/locales/locales.spec.ts.
import { en } from './en';

describe('English admin texts', () => {
  it('keep the spec wording', () => {
    expect(en.refresh).toBe('Refresh Data');
    expect(en.noMonitors).toBe('No active monitors');
    expect(en.approvedUser).toBe('User "{{name}}" approved successfully');
    expect(en.forceStopped).toBe('Session "{{name}}" force stopped successfully');
    for (const text of [
      'Failed to load admin data',
      'Admin access required',
      'Failed to force stop session',
      'Failed to approve user',
      'Failed to reject user',
      'Failed to promote user to admin',
      'Failed to demote user from admin',
      'Failed to force logout user',
      'Failed to delete user',
    ])
      expect(Object.values(en)).toContain(text);
  });
});
