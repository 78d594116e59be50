import type { LandingTexts } from './en';

export const fr: LandingTexts = {
  title: 'Greetboard',
  subtitle: 'Ne manquez plus jamais personne dans votre chat',
  description:
    "Greetboard suit votre chat Twitch pendant le stream, affiche une seule fois chaque nouvelle personne qui écrit et vous permet, à vous ou à vos éditeurs, de la saluer d'un clic.",
  cta: 'Se connecter avec Twitch',
  featuresTitle: 'Fonctionnalités',
  features: {
    realtimeTitle: 'Chatteurs en temps réel',
    realtimeText: 'Les nouveaux chatteurs apparaissent dès leur premier message.',
    greetTitle: 'Salut en un clic',
    greetText: "Marquez un chatteur comme salué d'un seul clic, sur tous les écrans à la fois.",
    sessionsTitle: 'Sessions de salut',
    sessionsText: 'Une session distincte pour chaque stream.',
    overlayTitle: 'Overlay OBS',
    overlayText:
      'Une vue compacte pour une source navigateur ou un dock dans votre logiciel de diffusion.',
    filtersTitle: 'Filtres',
    filtersText: 'Ignorez les bots et certains utilisateurs, et filtrez par mots-clés.',
    editorsTitle: 'Éditeurs',
    editorsText: 'Invitez des assistants qui saluent les chatteurs pour vous.',
    themesTitle: 'Clair et sombre',
    themesText: 'Choisissez le thème adapté à votre installation.',
    languagesTitle: 'Quatre langues',
    languagesText: 'Anglais, allemand, espagnol et français.',
  },
  screenshotsTitle: 'En action',
  screenshotSoon: "Capture d'écran bientôt disponible",
  closingTitle: 'Prêt à saluer votre communauté ?',
  closingText: 'Connectez-vous avec votre compte Twitch et lancez votre première session.',
  closingCta: 'Commencer',
};
