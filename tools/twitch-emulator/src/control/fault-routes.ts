import {
  DEFAULT_RECONNECT_GRACE_MS,
  REVOCATION_STATUSES,
  type RevocationStatus,
} from '../eventsub/eventsub.js';
import { type Router, sendEmpty, sendJson } from '../http/http.js';
import { type OutageMode } from '../irc/server.js';
import { isValidLogin } from '../state/users.js';
import { type ControlDeps } from './control-api.js';
import { type JoinDelay, type JoinScope } from './faults.js';
import {
  badRequest,
  type JsonObject,
  notFound,
  optionalBoolean,
  optionalNumber,
  optionalString,
  readJsonBody,
  requiredNumber,
  requiredString,
} from './validation.js';

const FAULT_KINDS = [
  'reconnect',
  'drop',
  'stall',
  'latency',
  'split-frames',
  'malformed',
  'expire-token',
  'revoke-token',
  'helix-429',
  'helix-5xx',
  'eventsub-reconnect',
  'eventsub-revocation',
  'join-delay',
  'join-silent',
  'outage',
  'reconnect-storm',
  'chat-message-drop',
] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

/** Lines no well-formed IRC server would send: probes for a client parser's robustness. */
const MALFORMED_LINES = [
  '@',
  ':tmi.twitch.tv',
  '@badge-info;badges=;=novalue :tmi.twitch.tv PRIVMSG',
  ':tmi.twitch.tv 999',
  'PRIVMSG #',
  '@id=\\ :x!x@x.tmi.twitch.tv PRIVMSG #x :\u0000\u0001\u0002',
  ':::: :::: ::::',
];

/** Send Chat Message's drop reasons as Twitch documents them; a code of one's own is allowed. */
const CHAT_DROP_MESSAGES: Record<string, string> = {
  msg_rejected: 'Your message is being checked by mods and has not been sent.',
  msg_duplicate: 'Your message was not sent because it is identical to the previous one you sent.',
  channel_settings: 'Your message was not sent because of the channel settings.',
};

/** Real Twitch JOIN replies can take over 600 ms; 10 s is far past any client's JOIN timeout. */
const MAX_JOIN_DELAY_MS = 10_000;
const OUTAGE_MODES: readonly OutageMode[] = ['refuse', 'drop'];

function isFaultKind(kind: string): kind is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(kind);
}

/** `/control/faults`: network and API failures on demand. */
export function registerFaultRoutes(router: Router, deps: ControlDeps): void {
  router.add('POST', '/control/faults', async (context) => {
    const body = await readJsonBody(context);
    const kind = body.kind;
    if (typeof kind !== 'string' || !isFaultKind(kind)) {
      throw badRequest(`"kind" must be one of ${FAULT_KINDS.join(', ')}`);
    }
    const clientId = optionalString(body, 'clientId');
    if (clientId !== undefined && !deps.irc.connections.has(clientId)) {
      throw notFound(`client "${clientId}" is not connected`);
    }
    sendJson(context.res, 200, { kind, ...applyFault(kind, body, clientId, deps) });
  });

  router.add('GET', '/control/faults', ({ res }) => sendJson(res, 200, deps.faults.describe()));

  router.add('DELETE', '/control/faults', ({ res }) => {
    deps.faults.clear();
    sendEmpty(res, 204);
  });
}

function applyFault(
  kind: FaultKind,
  body: JsonObject,
  clientId: string | undefined,
  deps: ControlDeps,
): object {
  const { irc, faults, tokens, users, eventSub } = deps;
  switch (kind) {
    case 'reconnect': {
      const graceMs =
        optionalNumber(body, 'graceMs', { min: 0, max: 600_000, integer: true }) ?? 1000;
      return { affected: irc.reconnect(clientId, graceMs), graceMs };
    }
    case 'reconnect-storm': {
      const count = requiredNumber(body, 'count', { min: 1, max: 1000, integer: true });
      const intervalMs = requiredNumber(body, 'intervalMs', {
        min: 1,
        max: 600_000,
        integer: true,
      });
      const affected = faults.startReconnectStorm({ clientId, count, intervalMs }, () =>
        irc.reconnect(clientId),
      );
      return { affected, count, intervalMs };
    }
    case 'join-delay': {
      const scope = joinScope(body, clientId, false);
      const delay = joinDelay(body);
      faults.delayJoins(scope, delay);
      return { ...scope, ...delay };
    }
    case 'join-silent': {
      const scope = joinScope(body, clientId, true);
      faults.silenceJoins(scope);
      return scope;
    }
    case 'outage': {
      if (clientId !== undefined)
        throw badRequest('an outage takes all of Twitch chat down: "clientId" does not apply');
      const durationMs = requiredNumber(body, 'durationMs', {
        min: 1,
        max: 3_600_000,
        integer: true,
      });
      const mode = optionalString(body, 'mode') ?? 'refuse';
      if (!(OUTAGE_MODES as readonly string[]).includes(mode))
        throw badRequest(`"mode" must be one of ${OUTAGE_MODES.join(', ')}`);
      const endsAt = faults.startOutage(mode as OutageMode, durationMs);
      // Twitch comes back with no memory of who was joined: every connection goes now.
      return { mode, durationMs, endsAt: endsAt.toISOString(), dropped: irc.drop(undefined) };
    }
    case 'drop':
      return { affected: irc.drop(clientId) };
    case 'stall': {
      const durationMs = requiredNumber(body, 'durationMs', {
        min: 1,
        max: 600_000,
        integer: true,
      });
      faults.stall(durationMs, clientId);
      return { durationMs };
    }
    case 'latency': {
      const ms = requiredNumber(body, 'ms', { min: 0, max: 60_000, integer: true });
      faults.setLatency(ms, clientId);
      return { ms };
    }
    case 'split-frames': {
      const enabled = optionalBoolean(body, 'enabled') ?? true;
      faults.setSplitFrames(enabled, clientId);
      return { enabled };
    }
    case 'malformed':
      return { affected: irc.sendRawTo(clientId, MALFORMED_LINES), lines: MALFORMED_LINES };
    case 'expire-token':
    case 'revoke-token': {
      const token = optionalString(body, 'token');
      const login = optionalString(body, 'login');
      if (token === undefined && login === undefined) throw badRequest('give "token" or "login"');
      const userId = login === undefined ? undefined : users.byLogin(login)?.id;
      if (login !== undefined && userId === undefined)
        throw notFound(`user "${login}" does not exist`);
      const affected = tokens.invalidate(
        { accessToken: token, userId },
        kind === 'expire-token' ? 'expire' : 'revoke',
      );
      return { affected };
    }
    case 'helix-429':
    case 'helix-5xx': {
      const { durationMs, count } = faultSpan(body);
      faults.failHelix(kind === 'helix-429' ? 429 : 500, { durationMs, count });
      return { durationMs, count };
    }
    case 'chat-message-drop': {
      const { durationMs, count } = faultSpan(body);
      const code = optionalString(body, 'code') ?? 'msg_rejected';
      if (!/^[a-z_]{1,64}$/.test(code))
        throw badRequest('"code" must be lowercase words joined by _');
      const message =
        optionalString(body, 'message') ?? CHAT_DROP_MESSAGES[code] ?? 'Your message was not sent.';
      faults.dropChatMessages({ code, message }, { durationMs, count });
      return { code, message, durationMs, count };
    }
    case 'eventsub-reconnect': {
      const sessionId = optionalString(body, 'sessionId');
      if (sessionId !== undefined && !eventSub.hasSession(sessionId))
        throw notFound(`EventSub session "${sessionId}" does not exist`);
      const graceMs =
        optionalNumber(body, 'graceMs', { min: 1, max: 600_000, integer: true }) ??
        DEFAULT_RECONNECT_GRACE_MS;
      const redeliver = optionalBoolean(body, 'redeliver') ?? false;
      return {
        sessionIds: eventSub.reconnect(sessionId, graceMs, { redeliver }),
        graceMs,
        redeliver,
      };
    }
    case 'eventsub-revocation': {
      const subscriptionId = optionalString(body, 'subscriptionId');
      const login = optionalString(body, 'login');
      if (subscriptionId === undefined && login === undefined)
        throw badRequest('give "subscriptionId" or "login"');
      const status = optionalString(body, 'status') ?? 'authorization_revoked';
      if (!(REVOCATION_STATUSES as readonly string[]).includes(status))
        throw badRequest(`"status" must be one of ${REVOCATION_STATUSES.join(', ')}`);
      if (subscriptionId !== undefined && !eventSub.hasSubscription(subscriptionId))
        throw notFound(`EventSub subscription "${subscriptionId}" does not exist`);
      const broadcasterId = login === undefined ? undefined : users.byLogin(login)?.id;
      if (login !== undefined && broadcasterId === undefined)
        throw notFound(`user "${login}" does not exist`);
      const subscriptionIds = eventSub.revoke(
        { subscriptionId, broadcasterId },
        status as RevocationStatus,
      );
      return { subscriptionIds, status };
    }
  }
}

/** The channel (a login, `#` allowed) and client a JOIN fault is narrowed to. */
function joinScope(
  body: JsonObject,
  clientId: string | undefined,
  needsChannel: boolean,
): JoinScope {
  const given = needsChannel ? requiredString(body, 'channel') : optionalString(body, 'channel');
  const channel = given?.replace(/^#/, '').toLowerCase();
  if (channel !== undefined && !isValidLogin(channel))
    throw badRequest(`"channel": "${given}" is not a Twitch login`);
  return {
    ...(channel === undefined ? {} : { channel }),
    ...(clientId === undefined ? {} : { clientId }),
  };
}

/** `delayMs`, or `minMs` and `maxMs` for a delay drawn anew for each JOIN; at most 10 s. */
function joinDelay(body: JsonObject): JoinDelay {
  const range = { min: 0, max: MAX_JOIN_DELAY_MS, integer: true };
  const delayMs = optionalNumber(body, 'delayMs', range);
  const minMs = optionalNumber(body, 'minMs', range);
  const maxMs = optionalNumber(body, 'maxMs', range);
  if (delayMs !== undefined) {
    if (minMs !== undefined || maxMs !== undefined)
      throw badRequest('give "delayMs" or "minMs" and "maxMs", not both');
    return { delayMs };
  }
  if (minMs === undefined || maxMs === undefined)
    throw badRequest('give "delayMs", or "minMs" and "maxMs"');
  if (minMs > maxMs) throw badRequest('"minMs" must not exceed "maxMs"');
  return { minMs, maxMs };
}

/** How long a counted fault lasts: `durationMs` (at most an hour), `count` requests, or both. */
function faultSpan(body: JsonObject): { durationMs?: number; count?: number } {
  const durationMs = optionalNumber(body, 'durationMs', { min: 1, max: 3_600_000, integer: true });
  const count = optionalNumber(body, 'count', { min: 1, max: 1_000_000, integer: true });
  if (durationMs === undefined && count === undefined)
    throw badRequest('give "durationMs" or "count"');
  return { durationMs, count };
}
