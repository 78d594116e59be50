import { describe, expect, it } from '@jest/globals';
import { splitRows, visibleRowCount } from './visible-rows';

describe('overlay rows', () => {
  it('fits rows into the height minus the 70 px reserve', () => {
    expect(visibleRowCount(470, 40)).toBe(10);
    expect(visibleRowCount(469, 40)).toBe(9);
  });

  it('always shows at least one row', () => {
    expect(visibleRowCount(0)).toBe(1);
    expect(visibleRowCount(90, 40)).toBe(1);
  });

  it('counts the rest as "+ N more"', () => {
    expect(splitRows([1, 2, 3, 4, 5], 3)).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(splitRows([1, 2], 3)).toEqual({ shown: [1, 2], more: 0 });
  });
});
