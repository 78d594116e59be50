import { randomUUID } from 'node:crypto';
import { type EventSubServer } from '../eventsub/eventsub.js';
import { type AutoApproval } from '../identity/oauth.js';
import { composePrivmsg } from '../irc/chat-message.js';
import { type IrcServer } from '../irc/server.js';
import { HttpError, type RequestContext, type Router, sendEmpty, sendJson } from '../http/http.js';
import { type Channel, type ChannelStore } from '../state/channels.js';
import { type SeededRandom } from '../state/random.js';
import { type TokenStore } from '../state/tokens.js';
import { InvalidUserError, UserConflictError, type UserStore } from '../state/users.js';
import { TRAFFIC_DEFAULTS, type TrafficManager } from '../traffic/manager.js';
import { type FaultState } from './faults.js';
import { registerFaultRoutes } from './fault-routes.js';
import { registerModerationRoutes } from './moderation-routes.js';
import { registerStreamRoutes } from './stream-routes.js';
import { registerUserNoticeRoutes } from './user-notice-routes.js';
import {
  asObject,
  badRequest,
  notFound,
  optionalBoolean,
  optionalNumber,
  optionalString,
  optionalTags,
  readJsonBody,
  requiredArray,
  requiredNumber,
  requiredString,
} from './validation.js';

export interface ControlDeps {
  readonly users: UserStore;
  readonly tokens: TokenStore;
  readonly channels: ChannelStore;
  readonly irc: IrcServer;
  readonly faults: FaultState;
  readonly eventSub: EventSubServer;
  readonly autoApproval: AutoApproval;
  readonly traffic: TrafficManager;
  readonly random: SeededRandom;
  readonly defaultClientId: string;
}

/** `/control`: the JSON API tests and benchmarks use to seed, drive and inspect the emulator. */
export function registerControlRoutes(router: Router, deps: ControlDeps): void {
  const { users, channels, irc } = deps;

  const channelFor = (login: string): Channel => {
    const broadcaster = users.byLogin(login);
    if (!broadcaster) {
      throw notFound(
        `channel "${login}" does not exist: create the user first with POST /control/users`,
      );
    }
    return channels.channel(broadcaster);
  };

  router.add('GET', '/control/users', ({ res }) => sendJson(res, 200, { data: users.list() }));

  router.add('POST', '/control/users', async (context) => {
    const body = await readJsonBody(context);
    try {
      const user = users.create({
        login: requiredString(body, 'login'),
        displayName: optionalString(body, 'displayName'),
        id: optionalString(body, 'id'),
        profileImageUrl: optionalString(body, 'profileImageUrl'),
      });
      sendJson(context.res, 201, user);
    } catch (error) {
      if (error instanceof UserConflictError) throw new HttpError(409, { error: error.message });
      if (error instanceof InvalidUserError) throw badRequest(error.message);
      throw error;
    }
  });

  router.add('POST', '/control/tokens', async (context) => {
    const body = await readJsonBody(context);
    const user = users.byLogin(requiredString(body, 'login'));
    if (!user) throw notFound(`user "${String(body.login)}" does not exist`);
    const scopes =
      body.scopes === undefined ? ['chat:read', 'chat:edit'] : requiredArray(body, 'scopes', 100);
    if (!scopes.every((scope) => typeof scope === 'string'))
      throw badRequest('"scopes" must be strings');
    const clientId = optionalString(body, 'clientId') ?? deps.defaultClientId;
    if (!deps.tokens.client(clientId)) throw badRequest(`client "${clientId}" is not registered`);
    const token = deps.tokens.issueUserToken(clientId, user.id, scopes);
    sendJson(context.res, 201, {
      access_token: token.accessToken,
      refresh_token: token.refreshToken,
      expires_in: deps.tokens.secondsLeft(token),
      scope: token.scopes,
      token_type: 'bearer',
    });
  });

  router.add('POST', '/control/oauth/auto-approve', async (context) => {
    const body = await readJsonBody(context);
    const login = requiredString(body, 'login');
    if (!users.byLogin(login)) throw notFound(`user "${login}" does not exist`);
    deps.autoApproval.login = login;
    sendJson(context.res, 200, { login });
  });

  router.add('DELETE', '/control/oauth/auto-approve', ({ res }) => {
    deps.autoApproval.login = undefined;
    sendEmpty(res, 204);
  });

  router.add('POST', '/control/channels/:login/messages', async (context) => {
    const channel = channelFor(context.params.login ?? '');
    const body = await readJsonBody(context);
    const items = requiredArray(body, 'messages', 10_000).map((item, index) => {
      const what = `messages[${index}]`;
      const message = asObject(item, what);
      const login = message.login;
      const text = message.text;
      if (typeof login !== 'string' || login === '')
        throw badRequest(`${what}.login must be a non-empty string`);
      if (typeof text !== 'string' || text === '')
        throw badRequest(`${what}.text must be a non-empty string`);
      if (/[\r\n]/.test(text)) throw badRequest(`${what}.text must not contain line breaks`);
      const tags = optionalTags(message, 'tags', what);
      try {
        return { user: users.ensure(login), text, tags };
      } catch (error) {
        if (error instanceof InvalidUserError) throw badRequest(`${what}.login: ${error.message}`);
        throw error;
      }
    });
    const composed = items.map(({ user, text, tags }) =>
      composePrivmsg(
        { channel, user, text, id: randomUUID(), sentAt: Date.now(), overrides: tags },
        channels,
      ),
    );
    const delivery = irc.deliver(
      channel.broadcaster.login,
      composed.map((message) => message.line),
    );
    sendJson(context.res, 200, { ...delivery, messageIds: composed.map((message) => message.id) });
  });

  router.add('POST', '/control/channels/:login/raw', async (context) => {
    const channel = channelFor(context.params.login ?? '');
    const body = await readJsonBody(context);
    const lines = requiredArray(body, 'lines', 100_000).map((line, index) => {
      if (typeof line !== 'string') throw badRequest(`lines[${index}] must be a string`);
      if (/[\r\n]/.test(line))
        throw badRequest(`lines[${index}] must not contain CR or LF; send one line per item`);
      return line;
    });
    sendJson(context.res, 200, irc.deliver(channel.broadcaster.login, lines, { raw: true }));
  });

  router.add('POST', '/control/channels/:login/roles', async (context) => {
    const channel = channelFor(context.params.login ?? '');
    const body = await readJsonBody(context);
    const user = users.byLogin(requiredString(body, 'login'));
    if (!user) throw notFound(`user "${String(body.login)}" does not exist`);
    const role = requiredString(body, 'role');
    if (role !== 'moderator' && role !== 'vip')
      throw badRequest('"role" must be "moderator" or "vip"');
    const set = role === 'moderator' ? channel.moderatorIds : channel.vipIds;
    if (optionalBoolean(body, 'remove')) set.delete(user.id);
    else set.add(user.id);
    sendJson(context.res, 200, {
      moderators: [...channel.moderatorIds],
      vips: [...channel.vipIds],
    });
  });

  router.add('POST', '/control/channels/:login/traffic', async (context) => {
    const login = context.params.login ?? '';
    channelFor(login);
    const body = await readJsonBody(context);
    const firstTimeShare =
      optionalNumber(body, 'firstTimeShare', { min: 0, max: 1 }) ?? TRAFFIC_DEFAULTS.firstTimeShare;
    const returningShare =
      optionalNumber(body, 'returningShare', { min: 0, max: 1 }) ?? TRAFFIC_DEFAULTS.returningShare;
    if (firstTimeShare + returningShare > 1)
      throw badRequest('"firstTimeShare" + "returningShare" must not exceed 1');
    const run = deps.traffic.start([login], {
      rate: requiredNumber(body, 'rate', { min: 0.01, max: 1_000_000 }),
      durationSec: requiredNumber(body, 'durationSec', { min: 0.01, max: 86_400 }),
      chatters:
        optionalNumber(body, 'chatters', { min: 1, max: 1_000_000, integer: true }) ??
        TRAFFIC_DEFAULTS.chatters,
      firstTimeShare,
      returningShare,
      badges: optionalBoolean(body, 'badges') ?? TRAFFIC_DEFAULTS.badges,
      emotes: optionalBoolean(body, 'emotes') ?? TRAFFIC_DEFAULTS.emotes,
      unicode: optionalBoolean(body, 'unicode') ?? TRAFFIC_DEFAULTS.unicode,
      longLines: optionalBoolean(body, 'longLines') ?? TRAFFIC_DEFAULTS.longLines,
      replies: optionalBoolean(body, 'replies') ?? TRAFFIC_DEFAULTS.replies,
      duplicateIdShare:
        optionalNumber(body, 'duplicateIdShare', { min: 0, max: 1 }) ??
        TRAFFIC_DEFAULTS.duplicateIdShare,
      userNoticeShare:
        optionalNumber(body, 'userNoticeShare', { min: 0, max: 1 }) ??
        TRAFFIC_DEFAULTS.userNoticeShare,
      seed:
        optionalNumber(body, 'seed', { min: 0, max: 0xffffffff, integer: true }) ??
        TRAFFIC_DEFAULTS.seed,
    });
    if (optionalBoolean(body, 'wait')) sendJson(context.res, 200, await run.finished());
    else sendJson(context.res, 202, { runId: run.runId });
  });

  router.add('GET', '/control/traffic/:runId', ({ res, params }) => {
    const run = deps.traffic.get(params.runId ?? '');
    if (!run) throw notFound(`traffic run "${params.runId}" does not exist`);
    sendJson(res, 200, run.report());
  });

  router.add('DELETE', '/control/traffic/:runId', ({ res, params }) => {
    const run = deps.traffic.get(params.runId ?? '');
    if (!run) throw notFound(`traffic run "${params.runId}" does not exist`);
    run.stop();
    sendJson(res, 200, run.report());
  });

  router.add('GET', '/control/clients', ({ res }) => {
    sendJson(res, 200, {
      data: [...irc.connections.values()].map((connection) => ({
        id: connection.id,
        transport: connection.transport,
        nick: connection.nick,
        authenticated: connection.authenticated,
        caps: [...connection.caps],
        // Answered JOINs only: a reader is in a channel once Twitch replied to its JOIN.
        channels: [...connection.channels],
        pendingJoins: [...connection.pendingJoins.keys()],
        unansweredJoins: [...connection.unansweredJoins],
        connectedAt: connection.connectedAt,
      })),
    });
  });

  router.add('GET', '/control/clients/:id/sent', ({ res, params }: RequestContext) => {
    const connection = irc.connections.get(params.id ?? '');
    if (!connection) throw notFound(`client "${params.id}" is not connected`);
    sendJson(res, 200, { id: connection.id, lines: connection.sentByClient });
  });

  router.add('GET', '/control/eventsub', ({ res }) =>
    sendJson(res, 200, { data: deps.eventSub.inspect() }),
  );

  registerStreamRoutes(router, deps, channelFor);
  registerModerationRoutes(router, deps, channelFor);
  registerUserNoticeRoutes(router, deps, channelFor);
  registerFaultRoutes(router, deps);
}
