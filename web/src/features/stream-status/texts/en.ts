/** The stream-status banner in English (ADR 0045). */
export const en = {
  live: 'Live on Twitch: {{title}}',
  liveUntitled: 'Live on Twitch',
  offlineWaiting_one:
    'Stream offline — this session continues if it comes back within {{count}} minute',
  offlineWaiting_other:
    'Stream offline — this session continues if it comes back within {{count}} minutes',
  offlineRunning: 'Stream offline — this session keeps reading chat until you stop it',
  offlineRunningForEditor:
    'Stream offline — this session keeps reading chat until the streamer stops it',
};

/** Every language has these keys, and a `_many` form of a count where the language has one. */
export type StreamStatusTexts = { [K in keyof typeof en]: string } & {
  [K in keyof typeof en as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
};
