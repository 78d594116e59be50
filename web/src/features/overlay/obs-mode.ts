import { useEffect } from 'react';
import { useGetSettingsQuery } from '../settings/settings-api';

/** The class on <html> that makes the page transparent (overlay.css). */
export const OBS_MODE_CLASS = 'obs-mode';

/**
 * The streamer's OBS mode setting (ADR 0018, ADR 0056): the signed-in overlay blends into
 * OBS, with a transparent page and larger type, and keeps every control. An overlay link's
 * look is the link's own, so a link does not ask.
 */
export function useObsMode(skip: boolean): boolean {
  return useGetSettingsQuery(undefined, { skip }).data?.obsMode === true && !skip;
}

/** Makes the page behind the overlay transparent while `on` and the overlay is mounted. */
export function useTransparentPage(on: boolean) {
  useEffect(() => {
    if (!on) return;
    const root = document.documentElement;
    root.classList.add(OBS_MODE_CLASS);
    return () => root.classList.remove(OBS_MODE_CLASS);
  }, [on]);
}
