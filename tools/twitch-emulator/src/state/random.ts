/**
 * Seeded pseudo-random numbers (mulberry32) so that every run of the emulator with the same seed
 * produces the same chat traffic. Not for ids (message ids are random UUIDs, so a restarted
 * emulator never repeats one) nor for secrets: both use node:crypto instead.
 */
export class SeededRandom {
  private state: number;
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.state = this.seed;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  uint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick() from an empty list');
    return item;
  }

  /** A new generator whose sequence depends only on this seed and the label, not on call order. */
  fork(label: string): SeededRandom {
    return new SeededRandom(hashString(`${this.seed}:${label}`));
  }
}

/** FNV-1a, 32 bit: a stable hash for deriving per-user traits independent of creation order. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
