import type { WelcomeTexts } from './en';

/** The welcome in chat panel's Spanish texts (ADR 0054). */
export const es: WelcomeTexts = {
  title: 'Bienvenida en el chat',
  on: 'Activada',
  off: 'Desactivada',
  description:
    'Cuando tú o un editor saludáis a un chatter, Greetboard publica este mensaje en tu chat en tu nombre {{seconds}} segundos después. Si deshaces el saludo antes, no se envía nada.',
  enabled: 'Enviar un mensaje de bienvenida al saludar a un chatter',
  firstTime: 'Chatters por primera vez',
  returning: 'Chatters que vuelven',
  raider: 'Raiders',
  placeholders: 'Marcadores: {{list}}',
  emptyMeansNone: 'Deja un mensaje vacío para no enviar nada a ese tipo de chatter.',
  shoutoutRaiders: 'Hacer shoutout a los raiders automáticamente',
  save: 'Guardar',
  saved: 'Ajustes de bienvenida guardados.',
  saveFailed: 'No se pudieron guardar los ajustes de bienvenida.',
  ownerOnly: 'Solo el propietario de la sesión puede cambiar estos ajustes.',
  signInAgainChat:
    'Vuelve a iniciar sesión para permitir mensajes en el chat: Greetboard aún no puede escribir en tu chat.',
  signInAgainShoutouts: 'Vuelve a iniciar sesión para permitir shoutouts.',
  signInAgain: 'Iniciar sesión de nuevo',
  length: '{{used}} / {{max}}',
  messages: 'Mensajes de bienvenida',
  noMessages: 'Todavía no hay mensajes de bienvenida.',
  status: {
    pending: 'En espera',
    held: 'Retenido (límite de frecuencia)',
    sent: 'Enviado',
    dropped: 'No enviado',
    failed: 'No enviado',
  },
  reason: 'Twitch dice: «{{message}}» ({{code}})',
  reasonCode: 'Motivo: {{code}}',
  raidShoutouts: 'Shoutouts de raids',
  noRaidShoutouts: 'Todavía no hay shoutouts de raids.',
  raidBy: 'Hizo un raid a tu canal',
  shoutoutStatus: {
    sent: 'Shoutout enviado',
    refused: 'Shoutout rechazado',
  },
};
