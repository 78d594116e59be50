import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { KeyValueStore } from '@greetboard/kv';
import { liveMessagesRefused } from '@greetboard/metrics';
import { GATEWAY_AUTH_SETTINGS, type GatewayAuthSettings } from '../auth/gateway-auth.settings.js';
import { countRequest, type RequestCount } from '../auth/protections.js';
import { GATEWAY_KV } from '../gateway.tokens.js';
import { CLOSE, MESSAGE_WINDOW_MS, type LiveConnection } from './live-connection.js';

/** Why a live message was refused: the label of `greetboard_live_messages_refused_total`. */
export type RefusalReason =
  | 'user_rate'
  | 'invalid'
  | 'binary'
  | 'room_limit'
  | 'no_session'
  | 'not_allowed'
  | 'claim_rate'
  | 'not_joined'
  /** The gateway's own failure (a service down or slow): counted, never held against a socket. */
  | 'failed';

export const DEFAULT_LIVE_MESSAGES_PER_USER = 60;
/** Refused messages a socket may send per window before it is closed (CLOSE.rateLimited). */
export const REFUSALS_BEFORE_CLOSE = 10;
/** How often the refusals of the last interval are summed up in the log, one line per user. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;

interface UserRefusals {
  counts: Partial<Record<RefusalReason, number>>;
  lastDetail: string;
}

/**
 * The live channel's limits that protect everyone else: messages per user across all their
 * sockets (counted in the gateway's key-value store, so every replica shares the count),
 * socket upgrades per client address (the API's own counter: an upgrade is a request), and
 * the price of a refusal. A refused message costs a counter, never a log line of its own:
 * the log gets one summary line per user and interval, and a socket that keeps sending what
 * is refused is closed.
 */
@Injectable()
export class LiveLimits implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('live');
  private readonly refusals = new Map<string, UserRefusals>();
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(GATEWAY_KV) private readonly kv: KeyValueStore,
    @Inject(GATEWAY_AUTH_SETTINGS) private readonly settings: GatewayAuthSettings,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.logRefusals(), REFUSAL_LOG_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.logRefusals();
  }

  /** Counts one message of the user against the limit shared by all their sockets. */
  async messageAllowed(userId: string, now = Date.now()): Promise<boolean> {
    const window = Math.floor(now / MESSAGE_WINDOW_MS);
    const count = await this.kv.increment(`live-messages:${userId}:${window}`, MESSAGE_WINDOW_MS);
    return count <= (this.settings.liveMessagesPerUser ?? DEFAULT_LIVE_MESSAGES_PER_USER);
  }

  /** Counts a socket upgrade from the address as one API request (RATE_LIMIT_API_PER_MINUTE). */
  upgradeAllowed(address: string): Promise<RequestCount> {
    return countRequest(this.kv, 'api', address, this.settings.apiRequestsPerMinute);
  }

  /**
   * Records a refused message of the socket; closes the socket (CLOSE.rateLimited) once it
   * sent too many refused messages in one window. Answers whether it closed it.
   */
  refuse(connection: LiveConnection, reason: RefusalReason, detail: string): boolean {
    liveMessagesRefused.inc({ reason });
    let refused = this.refusals.get(connection.user.id);
    if (!refused) this.refusals.set(connection.user.id, (refused = { counts: {}, lastDetail: '' }));
    refused.counts[reason] = (refused.counts[reason] ?? 0) + 1;
    refused.lastDetail = detail;
    if (reason === 'failed' || connection.countRefusal() <= REFUSALS_BEFORE_CLOSE) return false;
    connection.close(CLOSE.rateLimited, 'Too many refused messages');
    return true;
  }

  /** One line per user whose messages were refused since the last summary. */
  logRefusals(): void {
    for (const [userId, { counts, lastDetail }] of this.refusals) {
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
      const byReason = Object.entries(counts)
        .map(([reason, count]) => `${reason} ${count}`)
        .join(', ');
      this.logger.warn(
        `Refused ${total} live messages of user ${userId} (${byReason}); last: ${lastDetail}`,
      );
    }
    this.refusals.clear();
  }
}
