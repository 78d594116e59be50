import { describe, expect, it } from '@jest/globals';
import { clampPage, isPageSize, pageCount, pageItems, pageRange } from './pagination';

describe('pageItems', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1, 1)).toEqual([1]);
    expect(pageItems(2, 3, 1)).toEqual([1, 2, 3]);
  });

  it('keeps first, last and one neighbour each side on the dashboard', () => {
    expect(pageItems(5, 10, 1)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageItems(1, 10, 1)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(pageItems(10, 10, 1)).toEqual([1, 'ellipsis-start', 9, 10]);
  });

  it('keeps two neighbours each side on the session page', () => {
    expect(pageItems(6, 12, 2)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8, 'ellipsis-end', 12]);
  });

  it('shows a single skipped page instead of an ellipsis', () => {
    expect(pageItems(4, 10, 1)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
  });
});

describe('page arithmetic', () => {
  it('describes the range shown as "a-b of n"', () => {
    expect(pageRange(1, 10, 25)).toEqual({ from: 1, to: 10 });
    expect(pageRange(3, 10, 25)).toEqual({ from: 21, to: 25 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });

  it('counts at least one page and clamps the current page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(101, 100)).toBe(2);
    expect(clampPage(7, 25, 10)).toBe(3);
    expect(clampPage(0, 25, 10)).toBe(1);
  });

  it('accepts only the spec page sizes', () => {
    expect([10, 20, 30, 40, 50, 100].every(isPageSize)).toBe(true);
    expect(isPageSize(25)).toBe(false);
  });
});
