import { describe, expect, it } from '@jest/globals';
import { serverValueWins } from './use-account-preferences';

describe('serverValueWins', () => {
  it('takes the account choice on a browser that never saw it, unless it is the default', () => {
    expect(serverValueWins('de', undefined, 'en')).toBe(true);
    expect(serverValueWins('en', undefined, 'en')).toBe(false);
  });

  it('takes a value changed on another device since this browser last looked', () => {
    expect(serverValueWins('en', 'de', 'en')).toBe(true);
    expect(serverValueWins('light', 'dark', 'dark')).toBe(true);
  });

  it('keeps this browser when the account did not change', () => {
    expect(serverValueWins('de', 'de', 'en')).toBe(false);
    expect(serverValueWins(undefined, 'de', 'en')).toBe(false);
  });
});
