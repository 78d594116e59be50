import { HttpError, type Router, sendJson } from '../http/http.js';
import {
  type Channel,
  type ChannelInfo,
  type ChannelInfoChanges,
  ChannelOfflineError,
  type PendingFlap,
} from '../state/channels.js';
import { type ControlDeps } from './control-api.js';
import {
  badRequest,
  type JsonObject,
  optionalBoolean,
  optionalNumber,
  optionalString,
  readJsonBody,
  requiredArray,
} from './validation.js';

/** Twitch allows at most 10 tags of at most 25 characters on a channel. */
const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 25;
const MAX_TITLE_LENGTH = 140;
/** A flap is a short drop: an hour is far past any client's patience. */
const MAX_FLAP_OFFLINE_MS = 3_600_000;
const DEFAULT_FLAP_OFFLINE_MS = 3_000;

/**
 * `/control/channels/:login/{info,live,offline,flap}`: the channel information that persists
 * while offline, and the stream's lifecycle, including drops that come back (ADR 0043).
 */
export function registerStreamRoutes(
  router: Router,
  deps: ControlDeps,
  channelFor: (login: string) => Channel,
): void {
  const { channels } = deps;

  router.add('GET', '/control/channels/:login/info', ({ res, params }) => {
    const channel = channelFor(params.login ?? '');
    sendJson(res, 200, describe(channel));
  });

  /** The channel's recent chat, oldest first, e.g. what Helix posted as the broadcaster. */
  router.add('GET', '/control/channels/:login/messages', ({ res, params }) => {
    const channel = channelFor(params.login ?? '');
    sendJson(res, 200, { data: [...channel.recent.values()] });
  });

  router.add('PATCH', '/control/channels/:login/info', async (context) => {
    const channel = channelFor(context.params.login ?? '');
    const changes = infoChanges(await readJsonBody(context));
    if (Object.keys(changes).length === 0)
      throw badRequest(
        'give at least one of title, gameId, gameName, language, tags, isBrandedContent',
      );
    channels.updateInfo(channel, changes);
    sendJson(context.res, 200, describe(channel));
  });

  router.add('POST', '/control/channels/:login/live', async (context) => {
    const channel = channelFor(context.params.login ?? '');
    const body = await readJsonBody(context);
    // Going live with a title is setting the title first, as in the streamer's dashboard.
    channels.updateInfo(channel, infoChanges(body));
    const stream = channels.goLive(channel, {
      viewerCount: optionalNumber(body, 'viewerCount', {
        min: 0,
        max: 10_000_000,
        integer: true,
      }),
      isMature: optionalBoolean(body, 'isMature'),
    });
    sendJson(context.res, 200, { live: true, stream });
  });

  router.add('POST', '/control/channels/:login/offline', ({ res, params }) => {
    channels.goOffline(channelFor(params.login ?? ''));
    sendJson(res, 200, { live: false });
  });

  router.add('POST', '/control/channels/:login/flap', async (context) => {
    const channel = channelFor(context.params.login ?? '');
    const body = await readJsonBody(context);
    const offlineMs =
      optionalNumber(body, 'offlineMs', { min: 1, max: MAX_FLAP_OFFLINE_MS, integer: true }) ??
      DEFAULT_FLAP_OFFLINE_MS;
    const alreadyPending = channel.flap !== undefined;
    let flap: PendingFlap;
    try {
      flap = channels.flap(channel, offlineMs);
    } catch (error) {
      if (error instanceof ChannelOfflineError)
        throw new HttpError(409, { error: `channel "${channel.broadcaster.login}" is not live` });
      throw error;
    }
    sendJson(context.res, alreadyPending ? 200 : 202, {
      live: false,
      offlineAt: flap.offlineAt,
      onlineAt: flap.onlineAt,
      streamId: flap.streamId,
      alreadyPending,
    });
  });

  router.add('DELETE', '/control/channels/:login/flap', ({ res, params }) => {
    const channel = channelFor(params.login ?? '');
    sendJson(res, 200, { cancelled: channels.cancelFlap(channel), live: !!channel.stream });
  });
}

function describe(channel: Channel): {
  info: ChannelInfo;
  live: boolean;
  stream: Channel['stream'] | null;
  flap: { onlineAt: string; streamId: string } | null;
} {
  return {
    info: channel.info,
    live: channel.stream !== undefined,
    stream: channel.stream ?? null,
    flap: channel.flap
      ? { onlineAt: channel.flap.onlineAt, streamId: channel.flap.streamId }
      : null,
  };
}

/** The channel information fields a body gives, validated as Twitch's Modify Channel does. */
function infoChanges(body: JsonObject): ChannelInfoChanges {
  const changes: ChannelInfoChanges = {};
  const title = optionalString(body, 'title');
  if (title !== undefined) {
    if ([...title].length > MAX_TITLE_LENGTH)
      throw badRequest(`"title" may hold at most ${MAX_TITLE_LENGTH} characters`);
    changes.title = title;
  }
  const gameId = optionalString(body, 'gameId');
  if (gameId !== undefined) changes.gameId = gameId;
  const gameName = optionalString(body, 'gameName');
  if (gameName !== undefined) changes.gameName = gameName;
  const language = optionalString(body, 'language');
  if (language !== undefined) {
    if (!/^([a-z]{2}|other)$/.test(language))
      throw badRequest('"language" must be an ISO 639-1 code or "other"');
    changes.language = language;
  }
  if (body.tags !== undefined) {
    const tags =
      Array.isArray(body.tags) && body.tags.length === 0
        ? []
        : requiredArray(body, 'tags', MAX_TAGS);
    if (!tags.every((tag) => typeof tag === 'string' && tag !== '' && tag.length <= MAX_TAG_LENGTH))
      throw badRequest(`"tags" must be non-empty strings of at most ${MAX_TAG_LENGTH} characters`);
    changes.tags = tags as string[];
  }
  const branded = optionalBoolean(body, 'isBrandedContent');
  if (branded !== undefined) changes.isBrandedContent = branded;
  return changes;
}
