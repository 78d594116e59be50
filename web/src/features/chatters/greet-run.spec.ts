import { describe, expect, it } from '@jest/globals';
import { createGreetRun, GREET_RUN_MS } from './greet-run';

describe('greet run', () => {
  it('counts quick greets into one toast', () => {
    let time = 1_000;
    const run = createGreetRun(() => time);
    const steps = [0, 300, 1_900, 100, 50].map((gap) => {
      time += gap;
      return run.greeted();
    });
    expect(steps.map((step) => step.count)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(steps.map((step) => step.toastId)).size).toBe(1);
  });

  it('starts a new run with a new toast after a pause longer than the toast', () => {
    let time = 0;
    const run = createGreetRun(() => time);
    const first = run.greeted();
    time += 500;
    expect(run.greeted().count).toBe(2);
    time += GREET_RUN_MS + 1;
    const next = run.greeted();
    expect(next.count).toBe(1);
    expect(next.toastId).not.toBe(first.toastId);
  });

  it('starts over after an unmark', () => {
    const run = createGreetRun(() => 0);
    run.greeted();
    run.greeted();
    run.end();
    const next = run.greeted();
    expect(next.count).toBe(1);
  });
});
