import type { WelcomeTexts } from './en';

/** The welcome in chat panel's German texts (ADR 0054). */
export const de: WelcomeTexts = {
  title: 'Willkommen im Chat',
  on: 'An',
  off: 'Aus',
  description:
    'Wenn du oder ein Editor einen Chatter begrüßt, postet Greetboard diese Nachricht {{seconds}} Sekunden später als du in deinem Chat. Machst du die Begrüßung vorher rückgängig, wird nichts gesendet.',
  enabled: 'Willkommensnachricht senden, wenn ein Chatter begrüßt wird',
  firstTime: 'Erstmalige Chatter',
  returning: 'Wiederkehrende Chatter',
  raider: 'Raider',
  placeholders: 'Platzhalter: {{list}}',
  emptyMeansNone: 'Lass eine Nachricht leer, um dieser Art von Chattern nichts zu senden.',
  shoutoutRaiders: 'Raider automatisch per Shoutout vorstellen',
  save: 'Speichern',
  saved: 'Willkommenseinstellungen gespeichert.',
  saveFailed: 'Die Willkommenseinstellungen konnten nicht gespeichert werden.',
  ownerOnly: 'Nur der Besitzer der Sitzung kann diese Einstellungen ändern.',
  signInAgainChat:
    'Melde dich erneut an, um Chatnachrichten zu erlauben: Greetboard darf noch nicht in deinem Chat schreiben.',
  signInAgainShoutouts: 'Melde dich erneut an, um Shoutouts zu erlauben.',
  signInAgain: 'Erneut anmelden',
  length: '{{used}} / {{max}}',
  messages: 'Willkommensnachrichten',
  noMessages: 'Noch keine Willkommensnachrichten.',
  status: {
    pending: 'Wartet',
    held: 'Zurückgehalten (Ratenlimit)',
    sent: 'Gesendet',
    dropped: 'Nicht gesendet',
    failed: 'Nicht gesendet',
  },
  reason: 'Twitch meldet: „{{message}}“ ({{code}})',
  reasonCode: 'Grund: {{code}}',
  raidShoutouts: 'Raid-Shoutouts',
  noRaidShoutouts: 'Noch kein Raid mit Shoutout.',
  raidBy: 'Hat deinen Kanal geraidet',
  shoutoutStatus: {
    sent: 'Shoutout gesendet',
    refused: 'Shoutout abgelehnt',
  },
};
