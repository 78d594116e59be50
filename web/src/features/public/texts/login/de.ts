import type { LoginTexts } from './en';

export const de: LoginTexts = {
  title: 'Bei Greetboard anmelden',
  subtitle: 'Melde dich mit deinem Twitch-Konto an.',
  button: 'Mit Twitch anmelden',
  failed: 'Anmeldung fehlgeschlagen',
  signedOut: 'Du wurdest abgemeldet',
  errors: {
    cancelled: 'Die Anmeldung wurde bei Twitch abgebrochen.',
    expired:
      'Deine Anmeldung ist abgelaufen oder wurde in einem anderen Browser begonnen. Bitte versuche es erneut.',
    twitchFailed: 'Die Anmeldung mit Twitch ist fehlgeschlagen. Bitte versuche es erneut.',
    twitchUnavailable: 'Twitch ist nicht erreichbar. Bitte versuche es erneut.',
    serviceUnavailable: 'Der Dienst ist nicht verfügbar. Bitte versuche es erneut.',
    serviceTimeout: 'Der Dienst hat nicht rechtzeitig geantwortet. Bitte versuche es erneut.',
    rateLimited: 'Zu viele Anfragen. Bitte versuche es später erneut.',
  },
  featuresTitle: 'Das bekommst du',
  feature1: 'Jeder neue Chatter einmal aufgelistet, in Echtzeit',
  feature2: 'Begrüßen mit einem Klick für dich und deine Editoren',
  feature3: 'Ein kompaktes Overlay für OBS',
  feature4: 'Statistiken für jeden Stream',
};
