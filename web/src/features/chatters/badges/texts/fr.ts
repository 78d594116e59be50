import type { BadgeTexts } from './en';

export const fr: BadgeTexts = {
  firstTime: 'Premier message',
  returning: 'Chatteur de retour',
  backAfter_one: 'De retour après {{count}} jour',
  backAfter_other: 'De retour après {{count}} jours',
  backAfter_many: 'De retour après {{count}} jours',
  backAfterTitle: 'Vu pour la dernière fois dans un de vos streams : {{date}}',
  streamOrdinalOne: '{{n}}er stream',
  streamOrdinalTwo: '{{n}}e stream',
  streamOrdinalFew: '{{n}}e stream',
  streamOrdinalOther: '{{n}}e stream',
  streamTitle_one: 'Vu dans {{count}} de vos streams, celui-ci compris',
  streamTitle_other: 'Vu dans {{count}} de vos streams, celui-ci compris',
  streamTitle_many: 'Vu dans {{count}} de vos streams, celui-ci compris',
  banned: 'Banni',
  timedOut: 'Exclu temporairement',
  timedOutTitle: "Exclu temporairement sur Twitch jusqu'à {{time}}",
  firstMessageDeleted: 'Premier message supprimé',
  showModerated: 'Afficher les bannis et exclus',
};
