import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { runPeriodically, type PeriodicTask } from '@greetboard/service-kit';
import type { DurableStreams } from '@greetboard/transport';
import { DOMAIN_STREAMS } from '../auth.tokens.js';

/** Events published per transaction; the rest follow at once in the next round. */
const BATCH = 100;
/** How often waiting events are retried when a publish failed (the bus was away). */
const RETRY_INTERVAL_MS = 1_000;
/** pg advisory lock: one replica publishes at a time, so events leave in the order written. */
const PUBLISH_LOCK = 0x6f757462; // "outb"

interface OutboxRow {
  id: string;
  subject: string;
  msg_id: string;
  payload: object;
}

/**
 * Domain events (UserChanged, UserDeleted) are written to `auth.outbox` in the transaction
 * that makes the change, then published to JetStream and removed. A change therefore never
 * commits without its event, and an event the bus could not take (NATS away, a crash between
 * commit and publish) is published once it can be: the other services' read models never
 * miss a change. Each event keeps its JetStream msg id, so one published twice is stored once.
 */
@Injectable()
export class DomainEventOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('outbox');
  private periodic: PeriodicTask | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(DOMAIN_STREAMS) private readonly streams: DurableStreams,
  ) {}

  onApplicationBootstrap(): void {
    void this.flush();
    this.periodic = runPeriodically(
      'Publishing domain events',
      RETRY_INTERVAL_MS,
      () => this.flush(),
      this.logger,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.periodic?.stop();
    await this.running;
  }

  /** Records an event in the caller's transaction. Call `flush` once it committed. */
  async add(
    manager: EntityManager,
    subject: string,
    msgId: string,
    payload: object,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO auth.outbox (subject, msg_id, payload) VALUES ($1, $2, $3::jsonb)`,
      [subject, msgId, JSON.stringify(payload)],
    );
  }

  /**
   * Publishes every waiting event, oldest first. Never throws: what cannot be published now
   * stays in the outbox and is retried every second.
   */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.publishBatch()) === BATCH);
        } while (this.again);
      } catch (error) {
        this.logger.warn(
          `Domain events wait in the outbox: ${error instanceof Error ? error.message : String(error)}`,
        );
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** How many events wait (for health and tests). */
  async pending(): Promise<number> {
    const [row] = await this.dataSource.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM auth.outbox',
    );
    return row?.n ?? 0;
  }

  private publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [lock] = await manager.query<{ locked: boolean }[]>(
        'SELECT pg_try_advisory_xact_lock($1) AS locked',
        [PUBLISH_LOCK],
      );
      if (!lock?.locked) return 0;
      const rows = await manager.query<OutboxRow[]>(
        `SELECT id, subject, msg_id, payload FROM auth.outbox ORDER BY id LIMIT ${BATCH}`,
      );
      for (const row of rows) {
        await this.streams.publish(row.subject, row.payload, { msgId: row.msg_id });
      }
      if (rows.length > 0) {
        await manager.query('DELETE FROM auth.outbox WHERE id = ANY($1::bigint[])', [
          rows.map((row) => row.id),
        ]);
      }
      return rows.length;
    });
  }
}
