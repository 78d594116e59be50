import { type Router, sendJson } from '../http/http.js';
import { clearChatLine, clearMessageLine } from '../irc/twitch-lines.js';
import { type Channel } from '../state/channels.js';
import { type ControlDeps } from './control-api.js';
import {
  badRequest,
  notFound,
  optionalNumber,
  readJsonBody,
  requiredString,
} from './validation.js';

/** Twitch's longest timeout: two weeks. */
const MAX_TIMEOUT_SEC = 1_209_600;

/**
 * `/control/channels/{login}/clear-chat` and `.../clear-message`: what a moderator's timeout, ban,
 * /clear or message deletion looks like to chat readers (CLEARCHAT and CLEARMSG lines).
 */
export function registerModerationRoutes(
  router: Router,
  deps: ControlDeps,
  channelFor: (login: string) => Channel,
): void {
  const { users, irc } = deps;

  router.add('POST', '/control/channels/:login/clear-chat', async (context) => {
    const channel = channelFor(context.params.login ?? '');
    const body = await readJsonBody(context);
    const login = body.login === undefined ? undefined : requiredString(body, 'login');
    const durationSec = optionalNumber(body, 'durationSec', {
      min: 1,
      max: MAX_TIMEOUT_SEC,
      integer: true,
    });
    if (durationSec !== undefined && login === undefined)
      throw badRequest('"durationSec" needs "login": a timeout is for one user');
    let target: Parameters<typeof clearChatLine>[2];
    if (login !== undefined) {
      const user = users.byLogin(login);
      if (!user) throw notFound(`user "${login}" does not exist`);
      target = { user, durationSec };
    }
    const line = clearChatLine(channel, Date.now(), target);
    const delivery = irc.deliver(channel.broadcaster.login, [line], { requiresCommands: true });
    sendJson(context.res, 200, { ...delivery, line });
  });

  router.add('POST', '/control/channels/:login/clear-message', async (context) => {
    const channel = channelFor(context.params.login ?? '');
    const body = await readJsonBody(context);
    const messageId = requiredString(body, 'messageId');
    const login = body.login === undefined ? undefined : requiredString(body, 'login');
    const text = body.text === undefined ? undefined : requiredString(body, 'text');
    if (text !== undefined && /[\r\n]/.test(text))
      throw badRequest('"text" must not contain line breaks');
    // The last 2,000 messages of a channel are remembered, whoever sent them; older ones the
    // caller names.
    const remembered = channel.recent.get(messageId);
    const author = login ?? remembered?.login;
    const deletedText = text ?? remembered?.text;
    if (author === undefined || deletedText === undefined) {
      throw notFound(
        `message "${messageId}" is not among the recent messages of #${channel.broadcaster.login}; give "login" and "text" to delete it anyway`,
      );
    }
    const line = clearMessageLine(
      channel,
      { id: messageId, login: author, text: deletedText },
      Date.now(),
    );
    const delivery = irc.deliver(channel.broadcaster.login, [line], { requiresCommands: true });
    sendJson(context.res, 200, { ...delivery, line });
  });
}
