import { Inject, Injectable } from '@nestjs/common';
import { SESSION_SNAPSHOT_REQUESTS, sendRequest } from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { ReadModelRepository } from './read-model.repository.js';

/** Snapshots asked for per request: well under a NATS message with room to spare. */
const PAGE = 2_000;
/** Reading a large page can take a while on a busy database. */
const PAGE_TIMEOUT_MS = 30_000;

export interface RebuildReport {
  sessions: number;
  chatters: number;
}

/**
 * Recomputes the read model from the sessions service's current state (disaster recovery,
 * data from before the stats service existed). It runs in one transaction: readers see the
 * old model until the new one is complete, and events that arrive meanwhile wait on its
 * locks, then apply by version as usual, so nothing they carry is lost.
 */
@Injectable()
export class StatsRebuild {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly readModel: ReadModelRepository,
  ) {}

  run(): Promise<RebuildReport> {
    return this.readModel.inTransaction(async (manager) => {
      await this.readModel.clearForRebuild(manager);
      const report: RebuildReport = { sessions: 0, chatters: 0 };
      for (let after: string | undefined; ;) {
        const page = await sendRequest(
          this.bus,
          SESSION_SNAPSHOT_REQUESTS.sessions,
          { after, limit: PAGE },
          { timeoutMs: PAGE_TIMEOUT_MS },
        );
        for (const session of page) await this.readModel.applySession(manager, session);
        report.sessions += page.length;
        if (page.length < PAGE) break;
        after = page.at(-1)!.id;
      }
      for (let after: string | undefined; ;) {
        const page = await sendRequest(
          this.bus,
          SESSION_SNAPSHOT_REQUESTS.chatters,
          { after, limit: PAGE },
          { timeoutMs: PAGE_TIMEOUT_MS },
        );
        await this.readModel.applyChatters(manager, page);
        report.chatters += page.length;
        if (page.length < PAGE) break;
        after = page.at(-1)!.id;
      }
      return report;
    });
  }
}
