import type { LandingTexts } from './en';

export const es: LandingTexts = {
  title: 'Greetboard',
  subtitle: 'No vuelvas a pasar por alto a nadie del chat',
  description:
    'Greetboard vigila tu chat de Twitch durante el directo, muestra una vez a cada persona nueva que escribe y te permite a ti o a tus editores saludarla con un clic.',
  cta: 'Iniciar sesión con Twitch',
  featuresTitle: 'Funciones',
  features: {
    realtimeTitle: 'Chat en tiempo real',
    realtimeText: 'Las personas nuevas aparecen en cuanto escriben su primer mensaje.',
    greetTitle: 'Saludo con un clic',
    greetText: 'Marca a alguien como saludado con un solo clic, en todas las pantallas a la vez.',
    sessionsTitle: 'Sesiones de saludo',
    sessionsText: 'Lleva una sesión distinta para cada directo.',
    overlayTitle: 'Overlay para OBS',
    overlayText:
      'Una vista compacta para una fuente de navegador o un dock en tu software de emisión.',
    filtersTitle: 'Filtros',
    filtersText: 'Ignora bots y usuarios concretos, y filtra por palabras clave.',
    editorsTitle: 'Editores',
    editorsText: 'Invita a ayudantes que saluden por ti.',
    themesTitle: 'Claro y oscuro',
    themesText: 'Elige el tema que mejor encaje con tu configuración.',
    languagesTitle: 'Cuatro idiomas',
    languagesText: 'Inglés, alemán, español y francés.',
  },
  screenshotsTitle: 'Míralo en acción',
  screenshotSoon: 'Captura de pantalla próximamente',
  closingTitle: '¿Listo para saludar a tu comunidad?',
  closingText: 'Inicia sesión con tu cuenta de Twitch y empieza tu primera sesión.',
  closingCta: 'Empezar',
};
