import { describe, expect, it } from '@jest/globals';
import { heldUpdates, nextHold, startHold } from './row-hold';

const row = (id: string, isGreeted = false) => ({ id, isGreeted });
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe('rows held still', () => {
  const a = row('a');
  const b = row('b');
  const c = row('c');
  const start = startHold('page-1', [a, b, c]);

  it('follows the live rows while not held', () => {
    const live = [b, c, row('d')];
    const next = nextHold(start, 'page-1', live, false);
    expect(next.rows).toBe(live);
    expect(heldUpdates(next)).toBe(0);
  });

  it('keeps its rows and their order while held, each in its latest state, and counts the updates', () => {
    const greetedB = row('b', true);
    // 'Next to greet' after b's greet settled: b goes last, d arrives, a leaves.
    const live = [c, row('d'), greetedB];
    const next = nextHold(start, 'page-1', live, true);
    expect(ids(next.rows)).toEqual(['a', 'b', 'c']);
    expect(next.rows[1]).toBe(greetedB);
    // a leaves, d arrives, and b goes after c: three updates.
    expect(heldUpdates(next)).toBe(3);
  });

  it('answers itself when nothing changed, so a render does not loop', () => {
    expect(nextHold(start, 'page-1', start.live, true)).toBe(start);
    expect(nextHold(start, 'page-1', start.live, false)).toBe(start);
    const held = nextHold(start, 'page-1', [a, b], true);
    expect(nextHold(held, 'page-1', held.live, true)).toBe(held);
  });

  it('counts one row moving past many as one update', () => {
    const rows = 'abcdefghij'.split('').map((id) => row(id));
    const live = [...rows.slice(1, 8), row('a', true), ...rows.slice(8)];
    expect(heldUpdates(nextHold(startHold('p', rows), 'p', live, true))).toBe(1);
  });

  it('counts nothing when only a row state changed in place', () => {
    const next = nextHold(start, 'page-1', [a, row('b', true), c], true);
    expect(heldUpdates(next)).toBe(0);
  });

  it('applies the held updates once released', () => {
    const live = [c, a];
    const held = nextHold(start, 'page-1', live, true);
    expect(ids(held.rows)).toEqual(['a', 'b', 'c']);
    const released = nextHold(held, 'page-1', live, false);
    expect(released.rows).toBe(live);
    expect(heldUpdates(released)).toBe(0);
  });

  it('shows the rows of another page, order or search at once, held or not', () => {
    const other = [row('x'), row('y')];
    const next = nextHold(start, 'page-2', other, true);
    expect(next.rows).toBe(other);
    expect(next.key).toBe('page-2');
  });
});
