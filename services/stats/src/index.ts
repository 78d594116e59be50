export { StatsModule, type StatsServiceOptions } from './stats.module.js';
export { StatsRebuild, type RebuildReport } from './read-model/rebuild.js';
export { StatisticsService } from './statistics/statistics.service.js';
export type { StatsStreamSettings } from './stats.tokens.js';
export * from './stats.runtime.js';
