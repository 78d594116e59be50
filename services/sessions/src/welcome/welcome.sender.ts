import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DomainError, sendRequest, TWITCH_CHAT_REQUESTS } from '@greetboard/contracts';
import { welcomeMessages } from '@greetboard/metrics';
import { runPeriodically, type PeriodicTask } from '@greetboard/service-kit';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { WelcomeRepository, type ClaimedWelcome } from './welcome.repository.js';
import { WELCOME_OPTIONS, type WelcomeOptions } from './welcome.service.js';

/** Twitch down or rate limiting: the welcome is tried again after this, up to MAX_ATTEMPTS. */
const RETRY_AFTER_MS = 5_000;
const MAX_ATTEMPTS = 3;
const RATE_WINDOW_MS = 30_000;

/** Answers that another try may change: Twitch unreachable, rate limited, or auth away. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof DomainError)) return true;
  if (error.code === 'SERVICE_UNAVAILABLE' || error.code === 'SERVICE_TIMEOUT') return true;
  if (error.code !== 'TWITCH_UNAVAILABLE') return false;
  const status = (error.details as { status?: number } | undefined)?.status;
  return status === undefined || status === 429 || status >= 500;
}

/**
 * Sends the due welcomes (ADR 0054): polls the durable queue, claims at most one message per
 * owner per spacing interval (30 s / WELCOME_MESSAGES_PER_30S), asks auth to post it with the
 * owner's token, and stores the outcome. Nothing is dropped silently: a message Twitch drops
 * keeps Twitch's reason, one that cannot be sent keeps the error code.
 */
@Injectable()
export class WelcomeSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('welcome-sender');
  private periodic: PeriodicTask | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly welcome: WelcomeRepository,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(WELCOME_OPTIONS) private readonly options: WelcomeOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic = runPeriodically(
      'Sending welcome messages',
      this.options.pollMs,
      () => this.run(),
      this.logger,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.periodic?.stop();
    await this.running;
  }

  /** One round, never two at once. */
  run(): Promise<void> {
    this.running ??= this.round().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async round(): Promise<void> {
    const gapMs = Math.ceil(RATE_WINDOW_MS / this.options.messagesPer30s);
    const claimed = await this.welcome.claimDue(gapMs);
    await Promise.all(claimed.map((message) => this.send(message)));
  }

  private async send(message: ClaimedWelcome): Promise<void> {
    try {
      const result = await sendRequest(this.bus, TWITCH_CHAT_REQUESTS.sendOwnChatMessage, {
        userId: message.ownerId,
        message: message.text,
      });
      if (result.sent) {
        await this.welcome.settle(message.id, 'sent', null);
        welcomeMessages.inc({ outcome: 'sent' });
      } else {
        await this.welcome.settle(message.id, 'dropped', result.dropReason);
        welcomeMessages.inc({ outcome: 'dropped' });
      }
    } catch (error) {
      if (isTransient(error) && message.attempts < MAX_ATTEMPTS) {
        await this.welcome.retryLater(message.id, RETRY_AFTER_MS);
        return;
      }
      const code = error instanceof DomainError ? error.code : 'INTERNAL';
      this.logger.warn(`Welcome ${message.id} of session ${message.sessionId} not sent: ${code}`);
      await this.welcome.settle(message.id, 'failed', {
        code,
        message: error instanceof Error ? error.message : '',
      });
      welcomeMessages.inc({ outcome: 'failed' });
    }
  }
}
