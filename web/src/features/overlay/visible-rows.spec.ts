import { describe, expect, it } from '@jest/globals';
import { pendingNotShown, splitRows, visibleRowCount } from './visible-rows';

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

  it("counts only undrawn people still to greet as '+ N pending'", () => {
    const shown = [
      { isGreeted: false },
      { isGreeted: true },
      { isGreeted: false, moderation: { kind: 'ban' } },
      { isGreeted: false },
    ];
    // 24 pending in the session, 2 of them drawn: the greeted and the banned rows do not count.
    expect(pendingNotShown(24, shown)).toBe(22);
    expect(pendingNotShown(1, shown)).toBe(0);
  });
});
