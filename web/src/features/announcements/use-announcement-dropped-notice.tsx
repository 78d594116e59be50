import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AnnouncementDropped } from '@greetboard/contracts/wire';
import { liveSocket, type LiveSocket } from '../live/live-socket';

/** Long enough to read Twitch's reason; the streamer may be looking at OBS. */
const NOTICE_MS = 15_000;

const TITLES: Record<AnnouncementDropped['kind'], string> = {
  session_started: 'announcements:dropped.session_started',
  session_ended: 'announcements:dropped.session_ended',
};

/**
 * Shows the streamer a session announcement Twitch took but did not post, with Twitch's reason
 * (ADR 0044). Lives in the signed-in shell (dashboard, session page, …), never the overlay,
 * whose socket the gateway does not even send it to. `socket` is replaced in tests only.
 */
export function useAnnouncementDroppedNotice(socket: LiveSocket = liveSocket) {
  const { t } = useTranslation('announcements');
  useEffect(
    () =>
      socket.subscribe((event) => {
        if (event.type !== 'announcement_dropped') return;
        const dropped: AnnouncementDropped = event.payload;
        toast.error(<DroppedNotice dropped={dropped} t={t} />, {
          id: `announcement-dropped:${dropped.sessionId}:${dropped.kind}`,
          duration: NOTICE_MS,
        });
      }),
    [socket, t],
  );
}

function DroppedNotice({ dropped, t }: { dropped: AnnouncementDropped; t: TFunction }) {
  return (
    <div>
      <strong>{t(TITLES[dropped.kind])}</strong>
      <p>
        {dropped.message
          ? t('announcements:reason', { message: dropped.message, code: dropped.code })
          : t('announcements:reasonCodeOnly', { code: dropped.code })}
      </p>
    </div>
  );
}
