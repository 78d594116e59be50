import type { BadgeTexts } from './en';

export const fr: BadgeTexts = {
  firstTime: 'Premier message',
  returning: 'Chatteur de retour',
  backAfter_one: 'De retour après {{count}} jour',
  backAfter_other: 'De retour après {{count}} jours',
  backAfter_many: 'De retour après {{count}} jours',
  backAfterTitle: 'Vu pour la dernière fois dans un de vos streams : {{date}}',
  stream_ordinal_one: '{{count}}er stream',
  stream_ordinal_two: '{{count}}e stream',
  stream_ordinal_few: '{{count}}e stream',
  stream_ordinal_other: '{{count}}e stream',
  streamTitle_one: 'Vu dans {{count}} de vos streams, celui-ci compris',
  streamTitle_other: 'Vu dans {{count}} de vos streams, celui-ci compris',
  streamTitle_many: 'Vu dans {{count}} de vos streams, celui-ci compris',
};
