import { randomUUID } from 'node:crypto';
import { type Channel, type ChannelStore } from '../state/channels.js';
import { type TokenStore } from '../state/tokens.js';
import { type UserStore } from '../state/users.js';
import { composePrivmsg } from './chat-message.js';
import {
  CAP_COMMANDS,
  CAP_MEMBERSHIP,
  CAP_TAGS,
  type ConnectionSink,
  type DeliveryFaults,
  IrcConnection,
  type Transport,
} from './connection.js';
import { type IrcMessage, parseIrcLine, withTags } from './message.js';
import { type RateLimit, SlidingWindowLimiter } from './rate-limit.js';
import {
  notice,
  roomStateLine,
  TMI,
  userPrefix,
  userStateTags,
  welcomeLines,
} from './twitch-lines.js';

export interface IrcServerOptions {
  readonly pingIntervalMs: number;
  readonly pongTimeoutMs: number;
  readonly joinLimit: RateLimit;
  readonly messageLimit: RateLimit;
  readonly moderatorMessageLimit: RateLimit;
}

export interface Delivery {
  /** Lines handed over. */
  readonly lines: number;
  /** Distinct connections that received at least one line. */
  readonly connections: number;
  /** Line × connection pairs delivered. */
  readonly deliveries: number;
}

export interface DeliverOptions {
  /** Send byte for byte, ignoring the connection's capabilities. */
  readonly raw?: boolean;
  /** Twitch-specific commands (USERNOTICE, CLEARCHAT...) reach only clients with twitch.tv/commands. */
  readonly requiresCommands?: boolean;
  /** A connection that must not receive the lines (the sender of a chat message). */
  readonly except?: IrcConnection;
}

/** How the server answers one JOIN: at once, after a delay, or never. */
export type JoinReply =
  | { readonly kind: 'now' }
  | { readonly kind: 'delayed'; readonly delayMs: number }
  | { readonly kind: 'silent' };

/** What an outage does to a new connection: `refuse` it, or accept and `drop` it at once. */
export type OutageMode = 'refuse' | 'drop';

/** Faults that change the server's behaviour, not only how its lines travel. */
export interface IrcFaults extends DeliveryFaults {
  joinReply(connectionId: string, channelLogin: string): JoinReply;
  /** The mode of the outage under way, if Twitch is unreachable now. */
  outageMode(): OutageMode | undefined;
}

const SUPPORTED_CAPS = new Set([CAP_TAGS, CAP_COMMANDS, CAP_MEMBERSHIP]);
const ANONYMOUS_NICK = /^justinfan\d+$/;

/** Twitch's IRC server: session handling, channel membership and delivery to joined clients. */
export class IrcServer {
  readonly connections = new Map<string, IrcConnection>();
  private readonly members = new Map<string, Set<IrcConnection>>();
  private readonly joinLimiter: SlidingWindowLimiter;
  private readonly messageLimiter: SlidingWindowLimiter;
  private readonly moderatorLimiter: SlidingWindowLimiter;
  private readonly pingTimer: NodeJS.Timeout;

  constructor(
    private readonly users: UserStore,
    private readonly tokens: TokenStore,
    private readonly channels: ChannelStore,
    private readonly faults: IrcFaults,
    private readonly options: IrcServerOptions,
  ) {
    this.joinLimiter = new SlidingWindowLimiter(options.joinLimit);
    this.messageLimiter = new SlidingWindowLimiter(options.messageLimit);
    this.moderatorLimiter = new SlidingWindowLimiter(options.moderatorMessageLimit);
    this.pingTimer = setInterval(() => this.pingAll(), options.pingIntervalMs);
    this.pingTimer.unref();
  }

  attach(transport: Transport, sink: ConnectionSink): IrcConnection {
    const connection = new IrcConnection(transport, sink, this.faults);
    this.connections.set(connection.id, connection);
    return connection;
  }

  /** Forgets a closed connection: its channels, and any JOIN reply still to come. */
  detach(connection: IrcConnection): void {
    connection.closed = true;
    this.connections.delete(connection.id);
    for (const timer of connection.pendingJoins.values()) clearTimeout(timer);
    connection.pendingJoins.clear();
    for (const channel of connection.channels) this.leave(connection, channel, false);
  }

  /** Whether a new connection gets in now, or what the outage under way does to it. */
  admission(): 'open' | OutageMode {
    return this.faults.outageMode() ?? 'open';
  }

  /** Handles one read from the client; a bad line never affects other clients. */
  receive(connection: IrcConnection, data: string): void {
    for (const line of connection.receive(data)) {
      const message = parseIrcLine(line);
      if (!message) {
        this.unknownCommand(connection, line.split(' ')[0] ?? line);
        continue;
      }
      this.handle(connection, message);
    }
    // An over-long line: drop the client without a reply, as Twitch does (MAX_CLIENT_LINE_BYTES).
    if (connection.inputOverflowed) connection.destroy();
  }

  /** Lines to every client joined to a channel. */
  deliver(channelLogin: string, lines: readonly string[], options: DeliverOptions = {}): Delivery {
    let connections = 0;
    let deliveries = 0;
    for (const connection of this.members.get(channelLogin) ?? []) {
      if (connection === options.except || !connection.receiving) continue;
      if (options.requiresCommands && !connection.hasCommands && !options.raw) continue;
      for (const line of lines) {
        if (options.raw) connection.sendRaw(line);
        else connection.send(line);
      }
      connections++;
      deliveries += lines.length;
    }
    return { lines: lines.length, connections, deliveries };
  }

  joinedChannels(): string[] {
    return [...this.members].filter(([, set]) => set.size > 0).map(([login]) => login);
  }

  /**
   * Twitch's RECONNECT: tell the client to come back, then close after a grace period; without
   * one the connection stays open (a storm of RECONNECTs, each counted by the client).
   */
  reconnect(connectionId: string | undefined, graceMs?: number): number {
    const targets = this.targets(connectionId);
    for (const connection of targets) {
      connection.send(`${TMI} RECONNECT`);
      if (graceMs !== undefined) setTimeout(() => connection.end(), graceMs).unref();
    }
    return targets.length;
  }

  /** Cuts connections off; they leave their channels at once, so nothing more is delivered to them. */
  drop(connectionId: string | undefined): number {
    const targets = this.targets(connectionId);
    for (const connection of targets) {
      connection.destroy();
      this.detach(connection);
    }
    return targets.length;
  }

  /** Raw lines to chosen clients (malformed-input faults). */
  sendRawTo(connectionId: string | undefined, lines: readonly string[]): number {
    const targets = this.targets(connectionId);
    for (const connection of targets) for (const line of lines) connection.sendRaw(line);
    return targets.length;
  }

  close(): void {
    clearInterval(this.pingTimer);
    for (const connection of this.connections.values()) connection.destroy();
    this.connections.clear();
    this.members.clear();
  }

  private targets(connectionId: string | undefined): IrcConnection[] {
    if (connectionId === undefined) return [...this.connections.values()];
    const connection = this.connections.get(connectionId);
    return connection ? [connection] : [];
  }

  private handle(connection: IrcConnection, message: IrcMessage): void {
    switch (message.command) {
      case 'CAP':
        return this.handleCap(connection, message);
      case 'PASS':
        connection.pass = message.params[0];
        return;
      case 'NICK':
        return this.handleNick(connection, message.params[0] ?? '');
      case 'USER':
        return;
      case 'PING':
        return this.handlePing(connection, message);
      case 'PONG':
        connection.awaitingPongSince = 0;
        return;
      case 'JOIN':
        if (connection.registered) this.handleJoin(connection, message.params[0] ?? '');
        return;
      case 'PART':
        if (connection.registered) this.handlePart(connection, message.params[0] ?? '');
        return;
      case 'PRIVMSG':
        if (connection.registered) this.handlePrivmsg(connection, message);
        return;
      case 'QUIT':
        connection.end();
        return;
      default:
        this.unknownCommand(connection, message.command);
    }
  }

  private unknownCommand(connection: IrcConnection, command: string): void {
    connection.sendRaw(`${TMI} 421 ${connection.nick || '*'} ${command} :Unknown command`);
  }

  private handleCap(connection: IrcConnection, message: IrcMessage): void {
    const subcommand = (message.params[0] ?? '').toUpperCase();
    if (subcommand === 'LS') {
      connection.sendRaw(`${TMI} CAP * LS :${[...SUPPORTED_CAPS].join(' ')}`);
    } else if (subcommand === 'REQ') {
      const requested = (message.params[1] ?? '').split(' ').filter(Boolean);
      // IRCv3: a request is granted or refused as a whole.
      const allKnown = requested.length > 0 && requested.every((cap) => SUPPORTED_CAPS.has(cap));
      if (allKnown) for (const cap of requested) connection.caps.add(cap);
      connection.sendRaw(`${TMI} CAP * ${allKnown ? 'ACK' : 'NAK'} :${requested.join(' ')}`);
    }
  }

  private handlePing(connection: IrcConnection, message: IrcMessage): void {
    const argument = message.params[0];
    connection.sendRaw(
      argument === undefined ? 'PONG :tmi.twitch.tv' : `${TMI} PONG tmi.twitch.tv :${argument}`,
    );
  }

  private handleNick(connection: IrcConnection, requestedNick: string): void {
    if (connection.registered) return;
    const nick = requestedNick.toLowerCase();
    const pass = connection.pass;
    // An oauth: password always means a login attempt; anything else is only fine for justinfan.
    if (!pass?.startsWith('oauth:')) {
      if (ANONYMOUS_NICK.test(nick)) this.welcome(connection, nick);
      else this.refuseLogin(connection, 'Improperly formatted auth');
      return;
    }
    const token = this.tokens.lookup(pass.slice('oauth:'.length));
    const user = token?.userId === undefined ? undefined : this.users.byId(token.userId);
    if (!token || !user || !token.scopes.includes('chat:read')) {
      this.refuseLogin(connection, 'Login authentication failed');
      return;
    }
    connection.authenticated = true;
    connection.user = user;
    connection.token = token;
    // Twitch names the session after the token's account, whatever NICK said.
    this.welcome(connection, user.login);
  }

  private refuseLogin(connection: IrcConnection, reason: string): void {
    connection.sendRaw(`${TMI} NOTICE * :${reason}`);
    connection.end();
  }

  private welcome(connection: IrcConnection, nick: string): void {
    connection.nick = nick;
    connection.registered = true;
    for (const line of welcomeLines(nick)) connection.sendRaw(line);
    const user = connection.user;
    if (user && connection.hasCommands) {
      connection.send(
        withTags(
          {
            'badge-info': '',
            badges: '',
            color: user.color,
            'display-name': user.displayName,
            'emote-sets': '0',
            'user-id': user.id,
            'user-type': '',
          },
          `${TMI} GLOBALUSERSTATE`,
        ),
      );
    }
  }

  private limiterKey(connection: IrcConnection): string {
    return connection.user?.id ?? connection.id;
  }

  private handleJoin(connection: IrcConnection, targets: string): void {
    for (const target of targets.split(',').filter(Boolean)) {
      const login = target.replace(/^#/, '').toLowerCase();
      if (connection.channels.has(login) || connection.pendingJoins.has(login)) continue;
      // Twitch documents no NOTICE for the JOIN limit and answers nothing (ADR 0008).
      if (!this.joinLimiter.take(this.limiterKey(connection))) continue;
      const reply = this.faults.joinReply(connection.id, login);
      switch (reply.kind) {
        case 'now':
          this.completeJoin(connection, login);
          break;
        case 'delayed': {
          // Until the reply the connection is no member: chat meanwhile does not reach it.
          const timer = setTimeout(() => {
            connection.pendingJoins.delete(login);
            this.completeJoin(connection, login);
          }, reply.delayMs);
          timer.unref();
          connection.pendingJoins.set(login, timer);
          break;
        }
        case 'silent':
          connection.unansweredJoins.add(login);
          break;
      }
    }
  }

  /** The channel of that login, or Twitch's NOTICE to the connection that there is none. */
  private existingChannel(connection: IrcConnection, login: string): Channel | undefined {
    const broadcaster = this.users.byLogin(login);
    if (broadcaster) return this.channels.channel(broadcaster);
    connection.send(
      notice(
        `#${login}`,
        'This channel does not exist or has been suspended.',
        'msg_channel_suspended',
      ),
    );
    return undefined;
  }

  /** Twitch's answer to a JOIN: the echo, NAMES, USERSTATE and ROOMSTATE, and membership. */
  private completeJoin(connection: IrcConnection, login: string): void {
    if (connection.closed) return;
    const channel = this.existingChannel(connection, login);
    if (!channel) return;
    const nick = connection.nick;
    connection.unansweredJoins.delete(login);
    connection.channels.add(login);
    let set = this.members.get(login);
    if (!set) this.members.set(login, (set = new Set()));
    set.add(connection);
    connection.sendRaw(`${userPrefix(nick)} JOIN #${login}`);
    connection.sendRaw(`:${nick}.tmi.twitch.tv 353 ${nick} = #${login} :${nick}`);
    connection.sendRaw(`:${nick}.tmi.twitch.tv 366 ${nick} #${login} :End of /NAMES list`);
    if (connection.hasCommands) {
      if (connection.user) {
        connection.send(
          withTags(userStateTags(channel, connection.user), `${TMI} USERSTATE #${login}`),
        );
      }
      connection.send(roomStateLine(channel));
    }
    if (connection.authenticated) this.announceMembership(connection, login, 'JOIN');
  }

  private handlePart(connection: IrcConnection, targets: string): void {
    for (const target of targets.split(',').filter(Boolean)) {
      const login = target.replace(/^#/, '').toLowerCase();
      // A PART before the JOIN was answered withdraws it; there is nothing to echo.
      clearTimeout(connection.pendingJoins.get(login));
      connection.pendingJoins.delete(login);
      connection.unansweredJoins.delete(login);
      if (!connection.channels.has(login)) continue;
      connection.sendRaw(`${userPrefix(connection.nick)} PART #${login}`);
      this.leave(connection, login, true);
    }
  }

  private leave(connection: IrcConnection, login: string, announce: boolean): void {
    connection.channels.delete(login);
    this.members.get(login)?.delete(connection);
    if (connection.authenticated && announce) this.announceMembership(connection, login, 'PART');
  }

  private announceMembership(
    connection: IrcConnection,
    login: string,
    verb: 'JOIN' | 'PART',
  ): void {
    const line = `${userPrefix(connection.nick)} ${verb} #${login}`;
    for (const other of this.members.get(login) ?? []) {
      if (other !== connection && other.hasMembership) other.sendRaw(line);
    }
  }

  private handlePrivmsg(connection: IrcConnection, message: IrcMessage): void {
    const user = connection.user;
    const login = (message.params[0] ?? '').replace(/^#/, '').toLowerCase();
    const text = message.params[1];
    // Anonymous connections cannot chat; Twitch ignores their messages.
    if (!user || text === undefined) return;
    const channel = this.existingChannel(connection, login);
    if (!channel) return;
    const privileged = channel.broadcaster.id === user.id || channel.moderatorIds.has(user.id);
    const limiter = privileged ? this.moderatorLimiter : this.messageLimiter;
    if (!limiter.take(user.id)) {
      connection.send(
        notice(
          `#${login}`,
          'Your message was not sent because you are sending messages too quickly.',
          'msg_ratelimit',
        ),
      );
      return;
    }
    const parentId = message.tags.get('reply-parent-msg-id');
    const composed = composePrivmsg(
      {
        channel,
        user,
        text,
        id: randomUUID(),
        sentAt: Date.now(),
        clientNonce: message.tags.get('client-nonce'),
        replyTo: parentId === undefined ? undefined : channel.recent.get(parentId),
      },
      this.channels,
    );
    this.deliver(login, [composed.line], { except: connection });
    if (connection.hasCommands) {
      connection.send(
        withTags(
          { ...userStateTags(channel, user), id: composed.id },
          `${TMI} USERSTATE #${login}`,
        ),
      );
    }
  }

  private pingAll(): void {
    const now = Date.now();
    const pinged: IrcConnection[] = [];
    for (const connection of this.connections.values()) {
      if (!connection.registered || this.faults.stalledUntil(connection.id) > now) continue;
      if (connection.awaitingPongSince !== 0) continue;
      connection.awaitingPongSince = now;
      connection.sendRaw('PING :tmi.twitch.tv');
      pinged.push(connection);
    }
    if (pinged.length === 0) return;
    setTimeout(() => {
      for (const connection of pinged) {
        if (connection.awaitingPongSince === now) connection.destroy();
      }
    }, this.options.pongTimeoutMs).unref();
  }
}
