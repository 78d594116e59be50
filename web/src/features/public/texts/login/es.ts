import type { LoginTexts } from './en';

export const es: LoginTexts = {
  title: 'Inicia sesión en Greetboard',
  subtitle: 'Usa tu cuenta de Twitch para iniciar sesión.',
  button: 'Iniciar sesión con Twitch',
  failed: 'No se pudo iniciar sesión',
  signedOut: 'Se cerró tu sesión',
  errors: {
    cancelled: 'El inicio de sesión se canceló en Twitch.',
    expired: 'Tu inicio de sesión caducó o se empezó en otro navegador. Inténtalo de nuevo.',
    twitchFailed: 'No se pudo iniciar sesión con Twitch. Inténtalo de nuevo.',
    twitchUnavailable: 'No se pudo conectar con Twitch. Inténtalo de nuevo.',
    serviceUnavailable: 'El servicio no está disponible. Inténtalo de nuevo.',
    serviceTimeout: 'El servicio no respondió a tiempo. Inténtalo de nuevo.',
    rateLimited: 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.',
  },
  featuresTitle: 'Lo que obtienes',
  feature1: 'Cada persona nueva del chat, una sola vez y en tiempo real',
  feature2: 'Saludo con un clic para ti y tus editores',
  feature3: 'Un overlay compacto para OBS',
  feature4: 'Estadísticas de cada directo',
};
