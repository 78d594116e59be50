import { useEffect } from 'react';
import { liveSocket } from './live-socket';

/** Joins the session's live room while the component shows it; leaves on change or unmount. */
export function useLiveRoom(sessionId: string | null | undefined) {
  useEffect(() => {
    if (!sessionId) return;
    liveSocket.join(sessionId);
    return () => liveSocket.leave(sessionId);
  }, [sessionId]);
}
