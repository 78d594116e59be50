import { describe, expect, it } from '@jest/globals';
import { toastRightInset } from './ToastArea';

describe('toastRightInset', () => {
  it('keeps the usual edge without a greet column', () => {
    expect(toastRightInset(1280, null)).toBe(16);
  });

  it('keeps the usual edge when the greet column ends left of the toast area', () => {
    // 1920 wide: the area spans 1544..1904; a column at 1400..1440 is clear of it.
    expect(toastRightInset(1920, 1400)).toBe(16);
  });

  it('moves the toasts left of a greet column that reaches into the area', () => {
    // 1280 wide dashboard, greet buttons from x = 1196: the area ends 8 px left of them.
    expect(toastRightInset(1280, 1196)).toBe(92);
    // A phone's full-width list, greet buttons from x = 324.
    expect(toastRightInset(390, 324)).toBe(74);
  });
});
