import { describe, expect, it } from '@jest/globals';
import { formatBytes, uptimeParts } from './formats';

describe('admin formats', () => {
  it('splits uptime into days, hours and minutes', () => {
    expect(uptimeParts(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(uptimeParts(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(uptimeParts(3_661)).toEqual({ days: 0, hours: 1, minutes: 1 });
    expect(uptimeParts(2 * 86_400 + 5 * 3_600 + 7 * 60 + 30)).toEqual({
      days: 2,
      hours: 5,
      minutes: 7,
    });
  });

  it('shows bytes with two decimals in the largest fitting unit', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512.00 Bytes');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(75 * 1024 * 1024)).toBe('75.00 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.25 GB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5120.00 GB');
  });
});
