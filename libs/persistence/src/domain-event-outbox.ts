import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';

/** Events published per transaction; the rest follow at once in the next round. */
const BATCH = 500;
/** How often waiting events are retried when a publish failed (the bus was away). */
const RETRY_INTERVAL_MS = 1_000;
/** pg advisory lock base: one replica per outbox publishes at a time, in the order written. */
const PUBLISH_LOCK = 0x6f757462; // "outb"

/** Where events go: the service's durable streams (JetStream or in-process). */
export interface DomainEventPublisher {
  /** Publishes `json` as the message's data, as it is. */
  publishJson(subject: string, json: string, opts: { msgId: string }): Promise<unknown>;
}

export interface DomainEventOutboxOptions {
  /** The service's schema; its `outbox` table holds the waiting events (`outboxTableSql`). */
  schema: string;
}

interface OutboxRow {
  id: string;
  subject: string;
  msg_id: string;
  /** The payload as PostgreSQL writes it: published as read, never parsed here. */
  payload: string;
}

/** The outbox table of `schema`, for the service's migration. */
export function outboxTableSql(schema: string): string {
  return `
    CREATE TABLE "${schema}"."outbox" (
      "id" bigserial PRIMARY KEY,
      "subject" text NOT NULL,
      "msg_id" text NOT NULL,
      "payload" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`;
}

/**
 * Domain events are written to `<schema>.outbox` in the transaction that makes the change,
 * then published to JetStream and removed (ADR 0014). A change therefore never commits
 * without its event, and an event the bus could not take (NATS away, a crash between commit
 * and publish) is published once it can be: other services' read models never miss a change.
 * Each event keeps its JetStream msg id, so one published twice is stored once.
 */
export class DomainEventOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private readonly table: string;
  private readonly lock: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly publisher: DomainEventPublisher,
    options: DomainEventOutboxOptions,
  ) {
    this.table = `"${options.schema}"."outbox"`;
    this.logger = new Logger(`${options.schema}-outbox`);
    // One lock per schema, so auth's and sessions' outboxes never wait for each other.
    this.lock = PUBLISH_LOCK + [...options.schema].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  }

  onApplicationBootstrap(): void {
    void this.flush();
    this.timer = setInterval(() => void this.flush(), RETRY_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Records an event in the caller's transaction. Call `flush` once it committed. */
  async add(
    manager: Pick<EntityManager, 'query'>,
    subject: string,
    msgId: string,
    payload: object,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${this.table} (subject, msg_id, payload) VALUES ($1, $2, $3::jsonb)`,
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
      `SELECT count(*)::int AS n FROM ${this.table}`,
    );
    return row?.n ?? 0;
  }

  private publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [lock] = await manager.query<{ locked: boolean }[]>(
        'SELECT pg_try_advisory_xact_lock($1) AS locked',
        [this.lock],
      );
      if (!lock?.locked) return 0;
      const rows = await manager.query<OutboxRow[]>(
        `SELECT id, subject, msg_id, payload::text AS payload
           FROM ${this.table} ORDER BY id LIMIT ${BATCH}`,
      );
      // Sent together, in order on one connection: the stream stores them in the order
      // written. If one fails the batch stays and is sent again; msg ids drop the repeats.
      await Promise.all(
        rows.map((row) =>
          this.publisher.publishJson(row.subject, row.payload, { msgId: row.msg_id }),
        ),
      );
      if (rows.length > 0) {
        await manager.query(`DELETE FROM ${this.table} WHERE id = ANY($1::bigint[])`, [
          rows.map((row) => row.id),
        ]);
      }
      return rows.length;
    });
  }
}
