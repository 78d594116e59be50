import type { ChatConnectionTexts } from './en';

/** The chat connection banner in Spanish. */
export const es: ChatConnectionTexts = {
  title: 'Sin conexión con tu chat de Twitch: reintentando',
  titleForEditor: 'Sin conexión con el chat de Twitch del streamer: reintentando',
  reason: {
    timeout: 'Twitch no respondió a la unión',
    refused: 'Twitch rechazó la unión: el canal está suspendido o no existe',
    disconnected: 'No se puede contactar con Twitch',
    unread: 'Ningún lector de chat ha tomado el canal',
  },
};
