export { StatsModule, type StatsServiceOptions } from './stats.module.js';
