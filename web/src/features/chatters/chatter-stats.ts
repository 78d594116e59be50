import type { ChatterDto } from '@greetboard/contracts/wire';

export interface ChatterStats {
  total: number;
  greeted: number;
  pending: number;
  greetedPercentage: number;
}

/** Greeted percentage: greeted / total * 100 rounded, 0 when there are no chatters. */
export function greetedPercentage(greeted: number, total: number): number {
  return total > 0 ? Math.round((greeted / total) * 100) : 0;
}

export function chatterStats(chatters: readonly Pick<ChatterDto, 'isGreeted'>[]): ChatterStats {
  const total = chatters.length;
  const greeted = chatters.filter((c) => c.isGreeted).length;
  return {
    total,
    greeted,
    pending: total - greeted,
    greetedPercentage: greetedPercentage(greeted, total),
  };
}
