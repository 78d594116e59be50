import { randomUUID } from 'node:crypto';
import { type Router, sendJson } from '../http/http.js';
import {
  ANNOUNCEMENT_COLORS,
  type AnnouncementColor,
  SUB_PLANS,
  type SubPlan,
  type UserNotice,
  userNoticeLine,
} from '../irc/user-notice.js';
import { type Channel } from '../state/channels.js';
import { type EmulatorUser, isValidLogin } from '../state/users.js';
import { type ControlDeps } from './control-api.js';
import {
  badRequest,
  type JsonObject,
  optionalNumber,
  optionalString,
  readJsonBody,
  requiredNumber,
  requiredString,
} from './validation.js';

/** Twitch's chat message limit, in code points. */
const MAX_MESSAGE_LENGTH = 500;
/** A hundred years of subscription: more than anyone has. */
const MAX_MONTHS = 1200;

/**
 * `/control/channels/{login}/raid`, `.../sub`, `.../resub`, `.../subgift` and `.../announcement`:
 * the USERNOTICE lines Twitch sends for those events, to clients with `twitch.tv/commands`.
 * Users named in the body are created on the fly, as chatters of injected messages are.
 */
export function registerUserNoticeRoutes(
  router: Router,
  deps: ControlDeps,
  channelFor: (login: string) => Channel,
): void {
  const { users, irc } = deps;

  /** Call only once the whole body is valid: it creates a missing user. */
  const userFor = (login: string): EmulatorUser => users.ensure(login);

  const route = (kind: string, build: (body: JsonObject, channel: Channel) => UserNotice) => {
    router.add('POST', `/control/channels/:login/${kind}`, async (context) => {
      const channel = channelFor(context.params.login ?? '');
      const body = await readJsonBody(context);
      const notice = build(body, channel);
      const messageId = randomUUID();
      const line = userNoticeLine(channel, notice, messageId, Date.now());
      const delivery = irc.deliver(channel.broadcaster.login, [line], { requiresCommands: true });
      sendJson(context.res, 200, { ...delivery, messageId, line });
    });
  };

  route('raid', (body) => {
    const from = loginOf(body, 'from');
    const viewerCount =
      optionalNumber(body, 'viewerCount', { min: 1, max: 10_000_000, integer: true }) ?? 10;
    return { kind: 'raid', user: userFor(from), viewerCount };
  });

  route('sub', (body) => {
    const login = loginOf(body, 'login');
    const plan = planOf(body);
    return { kind: 'sub', user: userFor(login), plan };
  });

  route('resub', (body) => {
    const login = loginOf(body, 'login');
    const plan = planOf(body);
    const cumulativeMonths = requiredNumber(body, 'months', {
      min: 2,
      max: MAX_MONTHS,
      integer: true,
    });
    const streakMonths = optionalNumber(body, 'streakMonths', {
      min: 1,
      max: cumulativeMonths,
      integer: true,
    });
    const message = optionalMessage(body);
    return {
      kind: 'resub',
      user: userFor(login),
      plan,
      cumulativeMonths,
      ...(streakMonths === undefined ? {} : { streakMonths }),
      ...(message === undefined ? {} : { message }),
    };
  });

  route('subgift', (body) => {
    const login = loginOf(body, 'login');
    const recipient = loginOf(body, 'recipient');
    if (recipient === login) throw badRequest('"recipient" must not be the gifter');
    const plan = planOf(body);
    if (plan === 'Prime') throw badRequest('"plan": Prime subscriptions cannot be gifted');
    const months = optionalNumber(body, 'months', { min: 1, max: MAX_MONTHS, integer: true }) ?? 1;
    return { kind: 'subgift', user: userFor(login), recipient: userFor(recipient), plan, months };
  });

  route('announcement', (body, channel) => {
    const login = body.login === undefined ? undefined : loginOf(body, 'login');
    const message = optionalMessage(body);
    if (message === undefined) throw badRequest('"message" must be a non-empty string');
    const color = (optionalString(body, 'color') ?? 'PRIMARY').toUpperCase();
    if (!(ANNOUNCEMENT_COLORS as readonly string[]).includes(color))
      throw badRequest(`"color" must be one of ${ANNOUNCEMENT_COLORS.join(', ')}`);
    return {
      kind: 'announcement',
      user: login === undefined ? channel.broadcaster : userFor(login),
      message,
      color: color as AnnouncementColor,
    };
  });
}

function loginOf(body: JsonObject, key: string): string {
  const login = requiredString(body, key);
  if (!isValidLogin(login))
    throw badRequest(`"${key}": "${login}" is not a Twitch login (1-25 a-z, 0-9, _)`);
  return login;
}

function planOf(body: JsonObject): SubPlan {
  const plan = optionalString(body, 'plan') ?? '1000';
  if (!(SUB_PLANS as readonly string[]).includes(plan))
    throw badRequest(`"plan" must be one of ${SUB_PLANS.join(', ')}`);
  return plan as SubPlan;
}

/** The user's own message: at most 500 code points on one line. */
function optionalMessage(body: JsonObject): string | undefined {
  if (body.message === undefined) return undefined;
  const message = requiredString(body, 'message');
  if (/[\r\n]/.test(message)) throw badRequest('"message" must not contain line breaks');
  if ([...message].length > MAX_MESSAGE_LENGTH)
    throw badRequest(`"message" may hold at most ${MAX_MESSAGE_LENGTH} characters`);
  return message;
}
