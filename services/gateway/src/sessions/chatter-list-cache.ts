import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import {
  SESSIONS_REQUESTS,
  sendRequest,
  type ChatterChanges,
  type ChatterDto,
  type SessionActor,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { assembleGzip, gzipBlock, type GzipBlock } from './gzip-blocks.js';
import { SessionAccessCache } from './session-access-cache.js';

const gunzipAsync = promisify(gunzip);

/** Sessions whose lists are kept; a list of 10,000 chatters takes about 1 MB gzipped. */
const MAX_CACHED_SESSIONS = 32;
/** Chatters per separately compressed block (about 150 KB of JSON). */
const BLOCK_SIZE = 256;
/**
 * How long a list kept current by live events is served without asking the sessions service.
 * Events are not stored: one lost while no later one shows the gap is caught by asking again
 * after this long. A busy session's events confirm its list every batch.
 */
const FRESH_MS = 2_000;

export interface ChatterListBody {
  version: string;
  /** The JSON list, gzipped. */
  gzipped: Buffer;
}

/** Sort key of the list: first seen, oldest first, ties by id (as the sessions service pages). */
const keyOf = (chatter: ChatterDto) => `${chatter.firstSeenAt}|${chatter.id}`;

/** One session's list: chatters in order, each as JSON, in blocks compressed one by one. */
class SessionList {
  private order: ChatterDto[] = [];
  private readonly json = new Map<string, string>();
  private readonly position = new Map<string, number>();
  private blocks: (GzipBlock | undefined)[] = [];
  private body: Buffer | undefined;
  /** When the list was last known to be the session's whole list at `version`. */
  confirmedAt = 0;
  /** The highest list version a live event announced. */
  announced = 0n;
  /** When a live event announced a change without its version (undefined: none since). */
  unannouncedSince: number | undefined;
  /** Requests for changes in flight: events meanwhile are only noted, never applied. */
  asking = 0;

  constructor(
    public version: string,
    chatters: ChatterDto[],
  ) {
    this.order = chatters;
    for (const chatter of chatters) this.json.set(chatter.id, JSON.stringify(chatter));
    this.reindex();
  }

  /** Whether every change is known to be in the list: it may then be served as it is. */
  isCurrent(now: number): boolean {
    return (
      this.asking === 0 &&
      this.unannouncedSince === undefined &&
      this.announced <= BigInt(this.version) &&
      now - this.confirmedAt < FRESH_MS
    );
  }

  /** Applies changed chatters: in place when they keep their position, else re-sorts. */
  apply(version: string, changed: ChatterDto[]): void {
    this.version = version;
    let reorder = false;
    for (const chatter of changed) {
      const at = this.position.get(chatter.id);
      this.json.set(chatter.id, JSON.stringify(chatter));
      if (at !== undefined && keyOf(this.order[at]) === keyOf(chatter)) {
        this.order[at] = chatter;
        this.blocks[Math.floor(at / BLOCK_SIZE)] = undefined;
      } else if (
        at === undefined &&
        (this.order.length === 0 || keyOf(chatter) > keyOf(this.order.at(-1)!))
      ) {
        // New chatters almost always arrive last.
        this.position.set(chatter.id, this.order.length);
        this.order.push(chatter);
        this.blocks[Math.floor((this.order.length - 1) / BLOCK_SIZE)] = undefined;
      } else {
        if (at === undefined) this.order.push(chatter);
        else this.order[at] = chatter;
        reorder = true;
      }
    }
    if (reorder) {
      this.order.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
      this.reindex();
    }
    this.body = undefined;
  }

  gzipped(): Buffer {
    if (this.body) return this.body;
    const count = Math.ceil(this.order.length / BLOCK_SIZE);
    this.blocks.length = count;
    for (let index = 0; index < count; index++) {
      this.blocks[index] ??= gzipBlock(
        (index === 0 ? '' : ',') +
          this.order
            .slice(index * BLOCK_SIZE, (index + 1) * BLOCK_SIZE)
            .map((chatter) => this.json.get(chatter.id))
            .join(','),
      );
    }
    this.body = assembleGzip([OPEN, ...(this.blocks as GzipBlock[]), CLOSE]);
    return this.body;
  }

  private reindex(): void {
    this.position.clear();
    this.order.forEach((chatter, index) => this.position.set(chatter.id, index));
    this.blocks = [];
  }
}

const OPEN = gzipBlock('[');
const CLOSE = gzipBlock(']');

/**
 * Every session's chatter list as gzipped JSON, kept up to date by changes (ADR 0013, 0035).
 * The live events every gateway receives carry each change with the list version it
 * committed; a list that saw every version up to its own recently, for a caller whose access
 * is known, is served without a bus request. Otherwise the request asks the sessions service
 * for the chatters changed since the version held, which also checks that the caller may see
 * the session. A change costs recompressing the one block it falls in; only a caller far
 * behind reads the whole list.
 */
@Injectable()
export class ChatterListCache {
  private readonly lists = new Map<string, SessionList>();

  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly access: SessionAccessCache,
  ) {}

  /**
   * A change from a live event, at the list version it committed (undefined when unknown).
   * Applied when it is the next version of the list held and no request is in flight; any
   * other is noted, and the list is asked for again before it is served.
   */
  applyChange(sessionId: string, listVersion: string | undefined, chatters: ChatterDto[]): void {
    const list = this.lists.get(sessionId);
    if (!list) return;
    if (listVersion === undefined) {
      list.unannouncedSince ??= Date.now();
      return;
    }
    const version = BigInt(listVersion);
    if (version > list.announced) list.announced = version;
    if (list.asking === 0 && version === BigInt(list.version) + 1n) {
      list.apply(listVersion, chatters);
      list.confirmedAt = Date.now();
    }
  }

  /**
   * A change made through this replica was answered: its event may still be on its way, so
   * the next request asks (a caller reads its own write).
   */
  changedHere(sessionId: string): void {
    const list = this.lists.get(sessionId);
    if (list) list.confirmedAt = 0;
  }

  /** The session is gone: its list too. */
  drop(sessionId: string): void {
    this.lists.delete(sessionId);
  }

  async get(actor: SessionActor, sessionId: string): Promise<ChatterListBody> {
    let list = this.lists.get(sessionId);
    if (list?.isCurrent(Date.now()) && this.access.allows(actor, sessionId)) {
      this.touch(sessionId, list);
      return { version: list.version, gzipped: list.gzipped() };
    }
    const asked = Date.now();
    if (list) {
      list.asking++;
      let changes: ChatterChanges;
      try {
        changes = await sendRequest(this.bus, SESSIONS_REQUESTS.listChatterChanges, {
          actor,
          sessionId,
          sinceVersion: list.version,
        });
      } finally {
        list.asking--;
      }
      if (changes.complete) {
        // A concurrent request may have brought a later version already.
        if (BigInt(changes.version) >= BigInt(list.version)) {
          list.apply(changes.version, changes.chatters);
        }
        list.confirmedAt = Math.max(list.confirmedAt, asked);
        if (list.unannouncedSince !== undefined && list.unannouncedSince < asked) {
          list.unannouncedSince = undefined;
        }
      } else {
        list = await this.load(actor, sessionId);
      }
    } else {
      list = await this.load(actor, sessionId);
    }
    // Both requests answer only a caller who may manage the session's chatters.
    this.access.grant(actor, sessionId);
    this.touch(sessionId, list);
    return { version: list.version, gzipped: list.gzipped() };
  }

  private touch(sessionId: string, list: SessionList): void {
    // Most recently used last, so the oldest entry is the one evicted.
    this.lists.delete(sessionId);
    this.lists.set(sessionId, list);
    while (this.lists.size > MAX_CACHED_SESSIONS) {
      this.lists.delete(this.lists.keys().next().value!);
    }
  }

  /**
   * Reads the whole list page by page. The version is the first page's: it was read before
   * any row, so changes made while paging are at most applied again on the next request.
   * Events during the load were not noted, so the next request asks again (confirmedAt 0).
   */
  private async load(actor: SessionActor, sessionId: string): Promise<SessionList> {
    const chatters: ChatterDto[] = [];
    let version: string | undefined;
    let after: string | undefined;
    do {
      const page = await sendRequest(this.bus, SESSIONS_REQUESTS.listChatters, {
        actor,
        sessionId,
        ...(after === undefined ? {} : { after }),
      });
      version ??= page.version;
      chatters.push(...page.chatters);
      after = page.next ?? undefined;
    } while (after !== undefined);
    return new SessionList(version ?? '0', chatters);
  }
}

export function unzipList(body: ChatterListBody): Promise<Buffer> {
  return gunzipAsync(body.gzipped);
}
