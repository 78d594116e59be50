import type { LoginTexts } from './en';

export const fr: LoginTexts = {
  title: 'Se connecter à Greetboard',
  subtitle: 'Utilisez votre compte Twitch pour vous connecter.',
  button: 'Se connecter avec Twitch',
  failed: 'La connexion a échoué',
  signedOut: 'Vous avez été déconnecté',
  errors: {
    cancelled: 'La connexion a été annulée sur Twitch.',
    expired:
      'Votre connexion a expiré ou a été commencée dans un autre navigateur. Veuillez réessayer.',
    twitchFailed: 'La connexion avec Twitch a échoué. Veuillez réessayer.',
    twitchUnavailable: 'Twitch est injoignable. Veuillez réessayer.',
    serviceUnavailable: 'Le service est indisponible. Veuillez réessayer.',
    serviceTimeout: "Le service n'a pas répondu à temps. Veuillez réessayer.",
    rateLimited: 'Trop de requêtes. Veuillez réessayer plus tard.',
  },
  featuresTitle: 'Ce que vous obtenez',
  feature1: 'Chaque nouveau chatteur listé une fois, en temps réel',
  feature2: 'Salut en un clic pour vous et vos éditeurs',
  feature3: 'Un overlay compact pour OBS',
  feature4: 'Des statistiques pour chaque stream',
};
