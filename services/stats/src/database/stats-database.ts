import type { ServiceDatabase } from '@greetboard/persistence';

/**
 * The stats service's schema. Entities and their migrations
 * (`migrations/<timestamp>-<Name>.ts`) are listed here as features add tables.
 */
export const STATS_DATABASE: ServiceDatabase = {
  schema: 'stats',
  entities: [],
  migrations: [],
};
