import { STREAMS } from '@greetboard/contracts';
import type { StreamSpec } from '@greetboard/transport';

/** The durable streams of the process (JetStream or in-process), injected by the module. */
export const STATS_STREAMS = Symbol('STATS_STREAMS');
export const STATS_STREAM_SETTINGS = Symbol('STATS_STREAM_SETTINGS');

export interface StatsStreamSettings {
  domainEvents: StreamSpec;
  /** Durable consumer of the sessions domain events; replicas share it. */
  sessionEventsDurable: string;
}

export const DEFAULT_STATS_STREAM_SETTINGS: StatsStreamSettings = {
  domainEvents: { name: STREAMS.domainEvents.name, subjects: [...STREAMS.domainEvents.subjects] },
  sessionEventsDurable: 'stats-session-events-v1',
};
