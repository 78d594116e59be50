import { type IrcServer } from '../irc/server.js';
import { type ChannelStore } from '../state/channels.js';
import { type UserStore } from '../state/users.js';
import { TrafficGenerator, type TrafficOptions } from './generator.js';
import { TrafficRun } from './runner.js';

export const TRAFFIC_DEFAULTS: Omit<TrafficOptions, 'rate' | 'durationSec'> = {
  chatters: 50,
  firstTimeShare: 0.1,
  returningShare: 0.1,
  badges: true,
  emotes: true,
  unicode: false,
  longLines: false,
  replies: false,
  duplicateIdShare: 0,
  userNoticeShare: 0,
  seed: 1,
};

/** Keeps traffic runs addressable by id for progress reports and stopping. */
export class TrafficManager {
  private readonly runs = new Map<string, TrafficRun>();
  private nextRun = 1;

  constructor(
    private readonly users: UserStore,
    private readonly channels: ChannelStore,
    private readonly irc: IrcServer,
  ) {}

  /** Starts a run over one or more channels (each channel gets its own seeded generator). */
  start(channelLogins: readonly string[], options: TrafficOptions): TrafficRun {
    const generators = channelLogins.map((login, index) => {
      const broadcaster = this.users.byLogin(login);
      if (!broadcaster) throw new Error(`channel "${login}" does not exist`);
      const seed = (options.seed + index * 7919) >>> 0;
      return new TrafficGenerator(this.channels.channel(broadcaster), this.users, {
        ...options,
        seed,
      });
    });
    const runId = `run-${this.nextRun++}`;
    const run = new TrafficRun(
      runId,
      channelLogins,
      generators,
      this.irc,
      options.rate,
      options.durationSec,
    );
    this.runs.set(runId, run);
    return run;
  }

  get(runId: string): TrafficRun | undefined {
    return this.runs.get(runId);
  }

  stopAll(): void {
    for (const run of this.runs.values()) run.stop();
  }
}
