import type { BadgeTexts } from './en';

export const es: BadgeTexts = {
  firstTime: 'Primera vez en el chat',
  returning: 'Vuelve al chat',
  backAfter_one: 'Vuelve tras {{count}} día',
  backAfter_other: 'Vuelve tras {{count}} días',
  backAfter_many: 'Vuelve tras {{count}} días',
  backAfterTitle: 'Visto por última vez en uno de tus directos: {{date}}',
  streamOrdinalOne: '{{n}}.º directo',
  streamOrdinalTwo: '{{n}}.º directo',
  streamOrdinalFew: '{{n}}.º directo',
  streamOrdinalOther: '{{n}}.º directo',
  streamTitle_one: 'Visto en {{count}} de tus directos, contando este',
  streamTitle_other: 'Visto en {{count}} de tus directos, contando este',
  streamTitle_many: 'Visto en {{count}} de tus directos, contando este',
  banned: 'Baneado',
  timedOut: 'Expulsado temporalmente',
  timedOutTitle: 'Expulsado temporalmente en Twitch hasta {{time}}',
  firstMessageDeleted: 'Primer mensaje eliminado',
  showModerated: 'Mostrar baneados y expulsados',
};
