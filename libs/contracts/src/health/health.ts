import { IsIn } from 'class-validator';
import { SUBJECTS } from '../wire/subjects.js';
import { defineRequest } from '../messaging/definitions.js';

export const HEALTH_PROBES = ['liveness', 'readiness'] as const;
export type HealthProbe = (typeof HEALTH_PROBES)[number];

export class HealthCheckRequest {
  /** liveness: the process answers; readiness: its dependencies answer too. */
  @IsIn(HEALTH_PROBES)
  probe: HealthProbe;
}

export type DependencyStatus = 'up' | 'down';

export interface HealthReport {
  service: string;
  status: DependencyStatus;
  /** Per dependency: `database`, `redis`, ... */
  checks: Record<string, DependencyStatus>;
  uptimeSeconds: number;
}

export const HEALTH_CHECKS = {
  auth: defineRequest<HealthCheckRequest, HealthReport>(SUBJECTS.health.auth, HealthCheckRequest),
  sessions: defineRequest<HealthCheckRequest, HealthReport>(
    SUBJECTS.health.sessions,
    HealthCheckRequest,
  ),
  stats: defineRequest<HealthCheckRequest, HealthReport>(SUBJECTS.health.stats, HealthCheckRequest),
  chatIngest: defineRequest<HealthCheckRequest, HealthReport>(
    SUBJECTS.health.chatIngest,
    HealthCheckRequest,
  ),
} as const;
