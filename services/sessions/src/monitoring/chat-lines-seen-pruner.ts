import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { runPeriodically, type PeriodicTask } from '@greetboard/service-kit';
import { SESSIONS_STREAM_SETTINGS, type StreamSettings } from '../streams.js';
import { MonitoringRepository } from './monitoring.repository.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * `sessions.chat_lines_seen` makes a redelivered chat line count nothing twice. JetStream
 * keeps a line for the chat stream's max age, so once a recorded id is older than that plus
 * an hour no delivery of it can come again; this removes such ids every hour, in batches.
 * Replicas may prune at the same time: a row deleted twice is deleted once.
 */
@Injectable()
export class ChatLinesSeenPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('chat-lines-seen');
  private periodic: PeriodicTask | undefined;

  constructor(
    private readonly monitoring: MonitoringRepository,
    @Inject(SESSIONS_STREAM_SETTINGS) private readonly settings: StreamSettings,
  ) {}

  /** How long an id is kept: the stream's max age (a day) plus an hour. */
  get retentionMs(): number {
    return (this.settings.chatLines.maxAgeMs ?? 24 * HOUR_MS) + HOUR_MS;
  }

  onApplicationBootstrap(): void {
    this.periodic = runPeriodically(
      'Pruning seen chat lines',
      HOUR_MS,
      () => this.prune(),
      this.logger,
    );
  }

  onApplicationShutdown(): void {
    this.periodic?.stop();
  }

  /** Deletes ids recorded before `now - retention`; answers how many. */
  async prune(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.retentionMs);
    let total = 0;
    for (;;) {
      const batch = await this.monitoring.pruneChatLinesSeen(cutoff);
      total += batch.deleted;
      if (!batch.more) break;
    }
    if (total > 0)
      this.logger.log(`Pruned ${total} seen chat line ids older than ${cutoff.toISOString()}`);
    return total;
  }
}
