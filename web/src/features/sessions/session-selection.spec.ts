import { describe, expect, it } from '@jest/globals';
import { chooseOverlaySession, pickActiveSession } from './session-selection';

const session = (id: string, isActive: boolean, createdAt: string) => ({ id, isActive, createdAt });
const oldInactive = session('old', false, '2025-01-01T10:00:00Z');
const activeA = session('a', true, '2025-01-02T10:00:00Z');
const activeB = session('b', true, '2025-01-03T10:00:00Z');
const newInactive = session('new', false, '2025-01-04T10:00:00Z');

describe('dashboard automatic selection', () => {
  it('picks the only active session', () => {
    expect(pickActiveSession([oldInactive, activeA, newInactive])?.id).toBe('a');
  });

  it('picks the most recently created active session when several are active', () => {
    expect(pickActiveSession([activeA, activeB, oldInactive])?.id).toBe('b');
  });

  it('picks nothing when no session is active', () => {
    expect(pickActiveSession([oldInactive, newInactive])).toBeNull();
  });
});

describe('overlay selection', () => {
  it('prefers an active session initially, else the first one', () => {
    expect(chooseOverlaySession([oldInactive, activeA], null)?.id).toBe('a');
    expect(chooseOverlaySession([newInactive, oldInactive], null)?.id).toBe('new');
    expect(chooseOverlaySession([], null)).toBeNull();
  });

  it('switches from an inactive selection to an active session', () => {
    expect(chooseOverlaySession([oldInactive, activeA], 'old')?.id).toBe('a');
  });

  it('keeps an inactive selection when nothing is active, and an active one always', () => {
    expect(chooseOverlaySession([oldInactive, newInactive], 'old')?.id).toBe('old');
    expect(chooseOverlaySession([activeA, activeB], 'a')?.id).toBe('a');
  });

  it('falls back when the selected session is gone', () => {
    expect(chooseOverlaySession([oldInactive, newInactive], 'deleted')?.id).toBe('old');
  });
});
