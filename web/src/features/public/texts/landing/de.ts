import type { LandingTexts } from './en';

export const de: LandingTexts = {
  title: 'Greetboard',
  subtitle: 'Verpasse nie wieder einen Chatter',
  description:
    'Greetboard beobachtet deinen Twitch-Chat während des Streams, listet jeden neuen Chatter einmal auf und lässt dich oder deine Editoren jeden mit einem Klick begrüßen.',
  cta: 'Mit Twitch anmelden',
  featuresTitle: 'Funktionen',
  features: {
    realtimeTitle: 'Chatter in Echtzeit',
    realtimeText: 'Neue Chatter erscheinen, sobald sie ihre erste Nachricht schreiben.',
    greetTitle: 'Begrüßen mit einem Klick',
    greetText:
      'Markiere einen Chatter mit einem Klick als begrüßt, auf allen Bildschirmen zugleich.',
    sessionsTitle: 'Begrüßungssitzungen',
    sessionsText: 'Führe für jeden Stream eine eigene Sitzung.',
    overlayTitle: 'OBS-Overlay',
    overlayText:
      'Eine kompakte Ansicht für eine Browserquelle oder ein Dock in deiner Streaming-Software.',
    filtersTitle: 'Filter',
    filtersText: 'Ignoriere Bots und bestimmte Nutzer und filtere nach Stichwörtern.',
    editorsTitle: 'Editoren',
    editorsText: 'Lade Helfer ein, die Chatter für dich begrüßen.',
    themesTitle: 'Hell und dunkel',
    themesText: 'Wähle das Design, das zu deinem Setup passt.',
    languagesTitle: 'Vier Sprachen',
    languagesText: 'Englisch, Deutsch, Spanisch und Französisch.',
  },
  screenshotsTitle: 'So sieht es aus',
  screenshotSoon: 'Screenshot folgt in Kürze',
  closingTitle: 'Bereit, deine Community zu begrüßen?',
  closingText: 'Melde dich mit deinem Twitch-Konto an und starte deine erste Sitzung.',
  closingCta: 'Jetzt loslegen',
};
