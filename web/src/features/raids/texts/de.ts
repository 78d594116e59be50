import type { RaidTexts } from './en';

/** Die deutschen Texte des Raid-Banners. */
export const de: RaidTexts = {
  region: 'Raid',
  banner_one: '{{raider}} raidet mit {{count}} Zuschauer',
  banner_other: '{{raider}} raidet mit {{count}} Zuschauern',
  greetAll: 'Alle Raider begrüßen ({{count}})',
  greeted_one: '{{count}} Raider begrüßt.',
  greeted_other: '{{count}} Raider begrüßt.',
  undo: 'Rückgängig',
  undone_one: 'Begrüßung von {{count}} Raider zurückgenommen.',
  undone_other: 'Begrüßung von {{count}} Raidern zurückgenommen.',
  failed: 'Die Raider konnten nicht geändert werden. Bitte versuche es erneut.',
  raider: 'Raider',
  keyGreetAll: 'Alle Raider des gezeigten Raids begrüßen',
  keyUndoAll: '„Alle Raider begrüßen“ rückgängig machen',
  confirmTitle_one: '{{count}} Raider begrüßen?',
  confirmTitle_other: '{{count}} Raider begrüßen?',
  confirmWho:
    'Neue Chatter, deren erste Nachricht innerhalb von {{seconds}} Sekunden nach dem Raid von {{raider}} kam. Abonnenten und Chatter, die schon vorher da waren, sind nicht dabei.',
  confirmList: 'Zu begrüßende Raider',
  confirmGreet_one: '{{count}} Raider begrüßen',
  confirmGreet_other: '{{count}} Raider begrüßen',
  confirmLoading: 'Raider werden geladen…',
  confirmFailed: 'Die Raider konnten nicht geladen werden. Bitte versuche es erneut.',
  confirmNone: 'Alle Raider dieses Raids sind schon begrüßt.',
  windowTitle: 'Raids',
  windowDescription:
    'Ein Chatter zählt als Raider, wenn seine erste Nachricht innerhalb dieser Zeit nach einem Raid kommt und er vorher nicht in der Sitzung war. Abo-Meldungen zählen nie.',
  windowLabel: 'Raid-Fenster in Sekunden',
  windowHint: '15 bis 600 Sekunden, standardmäßig 90. Gilt für Raids ab jetzt.',
  windowSave: 'Speichern',
  windowSaved: 'Raid-Fenster gespeichert.',
  windowFailed: 'Das Raid-Fenster konnte nicht gespeichert werden. Bitte versuche es erneut.',
};
