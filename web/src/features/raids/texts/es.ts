import type { RaidTexts } from './en';

/** Los textos en español del aviso de raid. */
export const es: RaidTexts = {
  region: 'Raid',
  banner_one: '{{raider}} hace un raid con {{count}} espectador',
  banner_other: '{{raider}} hace un raid con {{count}} espectadores',
  banner_many: '{{raider}} hace un raid con {{count}} espectadores',
  greetAll: 'Saludar a todos los raiders ({{count}})',
  greeted_one: 'Saludado {{count}} raider.',
  greeted_other: 'Saludados {{count}} raiders.',
  greeted_many: 'Saludados {{count}} raiders.',
  undo: 'Deshacer',
  undone_one: 'Se retiró el saludo a {{count}} raider.',
  undone_other: 'Se retiró el saludo a {{count}} raiders.',
  undone_many: 'Se retiró el saludo a {{count}} raiders.',
  failed: 'No se pudo cambiar a los raiders. Inténtalo de nuevo.',
  raider: 'Raider',
  keyGreetAll: 'Saludar a todos los raiders del raid mostrado',
  keyUndoAll: 'Deshacer el saludo a todos los raiders',
};
