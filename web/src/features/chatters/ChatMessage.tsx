import type { ChatEmote, ChatterDto } from '@greetboard/contracts/wire';
import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useGetAppInfoQuery } from '../app-info/app-info-api';
import { emoteUrl, messageParts } from './message-parts';

/** Until the app info arrives (or without it), emotes show as Twitch's CDN would serve them. */
const TWITCH_EMOTES = 'https://static-cdn.jtvnw.net/emoticons/v2/{id}/default/{theme}/1.0';

/** A chat message with its emotes as images where Twitch placed them, as text when one fails. */
export function ChatMessage({ text, emotes }: { text: string; emotes: readonly ChatEmote[] }) {
  const { data: appInfo } = useGetAppInfoQuery(undefined, { skip: emotes.length === 0 });
  const theme = useAppSelector((state) => state.theme.theme);
  if (emotes.length === 0) return <q className="chatter-message">{text}</q>;
  const template = appInfo?.emoteUrlTemplate ?? TWITCH_EMOTES;
  return (
    <q className="chatter-message">
      {messageParts(text, emotes).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <Emote key={index} code={part.code} src={emoteUrl(template, part.id, theme)} />
        ),
      )}
    </q>
  );
}

function Emote({ code, src }: { code: string; src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <>{code}</>;
  return (
    <img
      className="chat-emote"
      src={src}
      alt={code}
      title={code}
      width={28}
      height={28}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

/** For ChatterList's `message`: the page passes it, so the overlay never loads this code. */
export const chatterMessage = (chatter: ChatterDto) => (
  <ChatMessage text={chatter.firstMessage} emotes={chatter.firstMessageEmotes} />
);
