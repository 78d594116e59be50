import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { processReading } from './replica-status.js';

describe('processReading', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const memoryReturning = (...rssValues: number[]) => {
    const spy = jest.spyOn(process, 'memoryUsage');
    for (const rss of rssValues) {
      spy.mockReturnValueOnce({
        rss,
        heapTotal: rss / 2,
        heapUsed: rss / 4,
        external: 0,
        arrayBuffers: 0,
      });
    }
    return spy;
  };

  it('gives every service of a process the same reading for one probe', () => {
    const memory = memoryReturning(1_000, 2_000);
    const first = processReading('probe-same');
    const second = processReading('probe-same');
    expect(second).toEqual(first);
    expect(first.memoryUsage).toEqual({ rss: 1_000, heapTotal: 500, heapUsed: 250 });
    expect(memory).toHaveBeenCalledTimes(1);
  });

  it('reads again for a new probe, also while an older probe is still answered', () => {
    memoryReturning(3_000, 4_000);
    const older = processReading('probe-older');
    const newer = processReading('probe-newer');
    expect(newer.memoryUsage.rss).toBe(4_000);
    expect(processReading('probe-older')).toEqual(older);
  });

  it('forgets the oldest probes once it holds sixteen', () => {
    memoryReturning(...Array.from({ length: 18 }, (_, index) => 10_000 + index));
    for (let index = 0; index < 17; index++) processReading(`probe-many-${index}`);
    expect(processReading('probe-many-0').memoryUsage.rss).toBe(10_017);
  });
});
