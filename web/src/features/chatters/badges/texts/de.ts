import type { BadgeTexts } from './en';

export const de: BadgeTexts = {
  firstTime: 'Erstmals im Chat',
  returning: 'Wiederkehrender Chatter',
  backAfter_one: 'Zurück nach {{count}} Tag',
  backAfter_other: 'Zurück nach {{count}} Tagen',
  backAfterTitle: 'Zuletzt in einem deiner Streams gesehen: {{date}}',
  streamOrdinalOne: '{{n}}. Stream',
  streamOrdinalTwo: '{{n}}. Stream',
  streamOrdinalFew: '{{n}}. Stream',
  streamOrdinalOther: '{{n}}. Stream',
  streamTitle_one: 'In {{count}} deiner Streams gesehen, diesen mitgezählt',
  streamTitle_other: 'In {{count}} deiner Streams gesehen, diesen mitgezählt',
  banned: 'Gebannt',
  timedOut: 'Timeout',
  timedOutTitle: 'Auf Twitch im Timeout bis {{time}}',
  firstMessageDeleted: 'Erste Nachricht gelöscht',
  showModerated: 'Gebannte und Timeouts zeigen',
};
