export { StatsModule, type StatsServiceOptions } from './stats.module.js';
export * from './stats.runtime.js';
