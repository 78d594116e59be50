import { useEffect } from 'react';
import { useGetSettingsQuery } from '../settings/settings-api';

/** The class on <html> that makes the page transparent and silences toasts (overlay.css). */
export const OBS_MODE_CLASS = 'obs-mode';

/**
 * The streamer's OBS mode setting (ADR 0018): the overlay becomes a display for a browser
 * source, with a transparent page, larger type, and no controls or toasts. It holds only
 * while the overlay is mounted, so the rest of the app is never affected.
 */
export function useObsMode(): boolean {
  const obsMode = useGetSettingsQuery().data?.obsMode === true;
  useEffect(() => {
    if (!obsMode) return;
    const root = document.documentElement;
    root.classList.add(OBS_MODE_CLASS);
    return () => root.classList.remove(OBS_MODE_CLASS);
  }, [obsMode]);
  return obsMode;
}
