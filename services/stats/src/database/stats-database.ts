import type { ServiceDatabase } from '@greetboard/persistence';
import { CreateStatsTables1767500000000 } from './migrations/1767500000000-CreateStatsTables.js';
import { ChatterSlots1767600000000 } from './migrations/1767600000000-ChatterSlots.js';
import { ChatterModeration1768400000000 } from './migrations/1768400000000-ChatterModeration.js';

/** The stats service's schema: its read model of sessions and chatters (raw SQL, no entities). */
export const STATS_DATABASE: ServiceDatabase = {
  schema: 'stats',
  entities: [],
  migrations: [
    CreateStatsTables1767500000000,
    ChatterSlots1767600000000,
    ChatterModeration1768400000000,
  ],
};
