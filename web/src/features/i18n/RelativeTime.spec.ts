import { describe, expect, it } from '@jest/globals';
import { formatRelative } from './RelativeTime';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe('formatRelative', () => {
  it('says "5 minutes ago" in each language', () => {
    expect(formatRelative(before(5 * MINUTE), 'en', NOW)).toBe('5 minutes ago');
    expect(formatRelative(before(5 * MINUTE), 'de', NOW)).toBe('vor 5 Minuten');
    expect(formatRelative(before(5 * MINUTE), 'es', NOW)).toBe('hace 5 minutos');
    expect(formatRelative(before(5 * MINUTE), 'fr', NOW)).toBe('il y a 5 minutes');
  });

  it('says "now" under a minute, so a 30-second tick shows no stale seconds', () => {
    expect(formatRelative(before(20_000), 'en', NOW)).toBe('now');
    expect(formatRelative(before(20_000), 'de', NOW)).toBe('jetzt');
  });

  it('rounds up to the next unit the way a person does', () => {
    expect(formatRelative(before(50 * MINUTE), 'en', NOW)).toBe('1 hour ago');
    expect(formatRelative(before(23 * 60 * MINUTE), 'en', NOW)).toBe('1 day ago');
    expect(formatRelative(before(3 * 24 * 60 * MINUTE), 'fr', NOW)).toBe('il y a 3 jours');
    expect(formatRelative(before(40 * 24 * 60 * MINUTE), 'en', NOW)).toBe('1 month ago');
    expect(formatRelative(before(400 * 24 * 60 * MINUTE), 'es', NOW)).toBe('hace 1 año');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(formatRelative('not a date', 'en', NOW)).toBe('');
  });
});
