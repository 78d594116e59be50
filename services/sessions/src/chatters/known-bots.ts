/**
 * Well-known chat bots whose lines never register a chatter, whatever the owner's ignore
 * list says. Logins, lower-case.
 */
export const KNOWN_CHAT_BOTS: ReadonlySet<string> = new Set([
  'nightbot',
  'streamelements',
  'streamlabs',
  'moobot',
  'fossabot',
  'wizebot',
  'soundalerts',
  'streamlootsbot',
  'sery_bot',
  'botrixoficial',
  'kofistreambot',
  'commanderroot',
  'pokemoncommunitygame',
  'own3d',
  'blerp',
  'lumiastream',
  'creatisbot',
  'streamstickers',
  'tangiabot',
  'frostytoolsdotcom',
  'coebot',
  'deepbot',
  'phantombot',
  'ankhbot',
  'vivbot',
  'buttsbot',
  'playwithviewersbot',
  'songlistbot',
  'restreambot',
  'stay_hydrated_bot',
]);

export function isKnownBot(login: string): boolean {
  return KNOWN_CHAT_BOTS.has(login.toLowerCase());
}
