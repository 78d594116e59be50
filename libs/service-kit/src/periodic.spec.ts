import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { runPeriodically } from './periodic.js';

describe('runPeriodically', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('runs the task every interval until stopped', async () => {
    const task = jest.fn(() => Promise.resolve());
    const periodic = runPeriodically('Tick', 1_000, task, { warn: jest.fn() });
    expect(task).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(task).toHaveBeenCalledTimes(3);
    periodic.stop();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('logs a failed run and runs again at the next tick', async () => {
    const warn = jest.fn();
    const task = jest
      .fn(() => Promise.resolve())
      .mockImplementationOnce(() => Promise.reject(new Error('database away')));
    const periodic = runPeriodically('Pruning', 1_000, task, { warn });
    await jest.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(warn).toHaveBeenCalledWith('Pruning failed: database away');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(task).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    periodic.stop();
  });

  it('skips ticks while the previous run is still going', async () => {
    let finish: () => void = () => undefined;
    const task = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const periodic = runPeriodically('Sweep', 1_000, task, { warn: jest.fn() });
    await jest.advanceTimersByTimeAsync(3_500);
    expect(task).toHaveBeenCalledTimes(1);
    finish();
    await settle();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(task).toHaveBeenCalledTimes(2);
    periodic.stop();
  });
});
