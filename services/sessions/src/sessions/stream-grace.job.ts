import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { runPeriodically, type PeriodicTask } from '@greetboard/service-kit';
import { SessionsService } from './sessions.service.js';

/** How often the end of a grace is looked for; a grace is counted in minutes. */
const ROUND_MS = 5_000;

/**
 * Stops each auto-started session whose stream stayed offline past the owner's grace (ADR
 * 0045). The end of the grace is in the session's row, so a restart loses none, and every
 * replica may look: one UPDATE stops each session once.
 */
@Injectable()
export class StreamGraceJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('stream-grace');
  private periodic: PeriodicTask | undefined;

  constructor(private readonly sessions: SessionsService) {}

  onApplicationBootstrap(): void {
    this.periodic = runPeriodically(
      'Stopping sessions whose stream did not come back',
      ROUND_MS,
      () => this.round(),
      this.logger,
    );
  }

  onApplicationShutdown(): void {
    this.periodic?.stop();
  }

  async round(): Promise<number> {
    const stopped = await this.sessions.stopExpired();
    if (stopped > 0)
      this.logger.log(`Stopped ${stopped} session(s): their stream did not come back`);
    return stopped;
  }
}
