import { describe, expect, it } from '@jest/globals';
import { adminDe } from './de';
import { adminEn } from './en';
import { adminEs } from './es';
import { adminFr } from './fr';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe.each([
  ['de', adminDe],
  ['es', adminEs],
  ['fr', adminFr],
])('%s admin texts', (_language, messages) => {
  it('have exactly the English keys, filled in, with every placeholder', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(adminEn).sort());
    for (const [key, text] of Object.entries(adminEn)) {
      const other = messages[key as keyof typeof adminEn];
      expect([key, other.trim().length > 0]).toEqual([key, true]);
      expect([key, placeholders(other)]).toEqual([key, placeholders(text)]);
    }
  });
});

describe('English admin texts', () => {
  it('keep the spec wording', () => {
    expect(adminEn.refresh).toBe('Refresh Data');
    expect(adminEn.noMonitors).toBe('No active monitors');
    expect(adminEn.approvedUser).toBe('User "{{name}}" approved successfully');
    expect(adminEn.forceStopped).toBe('Session "{{name}}" force stopped successfully');
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
      expect(Object.values(adminEn)).toContain(text);
  });
});
