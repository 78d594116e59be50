import { randomUUID } from 'node:crypto';
import { composePrivmsg } from '../irc/chat-message.js';
import { type IrcServer } from '../irc/server.js';
import { type ChannelStore } from '../state/channels.js';
import { SeededRandom } from '../state/random.js';
import { type EmulatorUser, type UserStore } from '../state/users.js';
import { chatText } from './phrases.js';

export interface DemoChatOptions {
  readonly seed?: number;
  readonly minIntervalMs?: number;
  readonly maxIntervalMs?: number;
}

const DEMO_VIEWERS = [
  'pixel_pilgrim',
  'cozy_cactus',
  'night_owl_nia',
  'retro_rudi',
  'lofi_lena',
  'speedy_sam',
  'tea_time_tom',
  'mossy_mara',
  'quiet_quinn',
  'bytebard',
  'sunny_sol',
  'kiwi_kai',
];

/** A gentle, seeded trickle of chat into every channel somebody has joined, for `npm start` demos. */
export class DemoChat {
  private timer: NodeJS.Timeout | undefined;
  private readonly random: SeededRandom;
  private viewers: EmulatorUser[] = [];

  constructor(
    private readonly users: UserStore,
    private readonly channels: ChannelStore,
    private readonly irc: IrcServer,
    private readonly options: DemoChatOptions = {},
  ) {
    this.random = new SeededRandom(options.seed ?? 7);
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer) return;
    this.viewers = DEMO_VIEWERS.map((login) => this.users.ensure(login));
    this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    const min = this.options.minIntervalMs ?? 1000;
    const max = this.options.maxIntervalMs ?? 3000;
    this.timer = setTimeout(
      () => {
        this.speak();
        this.schedule();
      },
      this.random.between(min, max),
    );
    this.timer.unref();
  }

  private speak(): void {
    for (const login of this.irc.joinedChannels()) {
      const broadcaster = this.users.byLogin(login);
      if (!broadcaster) continue;
      const channel = this.channels.channel(broadcaster);
      const message = composePrivmsg(
        {
          channel,
          user: this.random.pick(this.viewers),
          text: chatText(this.random, { emotes: true, unicode: false, longLines: false }),
          id: randomUUID(),
          sentAt: Date.now(),
        },
        this.channels,
      );
      this.irc.deliver(login, [message.line]);
    }
  }
}
