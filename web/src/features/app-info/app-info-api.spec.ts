import { describe, expect, it } from '@jest/globals';
import { versionLabel } from './app-info-api';

describe('footer version label', () => {
  it('defaults to 1.0.0 and adds the short commit when present', () => {
    expect(versionLabel(undefined)).toBe('1.0.0');
    expect(versionLabel({ version: '', commit: '' })).toBe('1.0.0');
    expect(versionLabel({ version: '2.3.4', commit: '0123456789abcdef' })).toBe('2.3.4 (0123456)');
  });
});
