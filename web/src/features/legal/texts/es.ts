import type { LegalTexts } from './en';

export const es: LegalTexts = {
  contactLine: 'Contacto: {{email}}',
  privacy: {
    title: 'Política de privacidad',
    collectedTitle: 'Datos que recopilamos',
    collectedText:
      'Tu nombre de cuenta de Twitch, nombre visible, imagen de perfil e ID de Twitch y, en las sesiones supervisadas, los nombres y primeros mensajes de quienes escriben en tu directo.',
    useTitle: 'Cómo los usamos',
    useText:
      'Solo para prestar el servicio: listar a las personas del chat, registrar saludos y mostrar estadísticas.',
    securityTitle: 'Seguridad',
    securityText: 'Los datos viajan cifrados y se guardan en servidores protegidos.',
    retentionTitle: 'Conservación',
    retentionText:
      'Los datos se guardan hasta que borres la sesión o tu cuenta. Al borrar la cuenta se eliminan todas las sesiones y los datos del chat.',
    thirdPartiesTitle: 'Terceros',
    thirdPartiesText: 'Usamos Twitch para el inicio de sesión y el chat. No vendemos tus datos.',
    rightsTitle: 'Tus derechos',
    rightsText:
      'Puedes pedir acceso, rectificación o eliminación de tus datos en cualquier momento.',
    contactTitle: 'Contacto',
  },
  terms: {
    title: 'Términos del servicio',
    acceptanceTitle: 'Aceptación',
    acceptanceText: 'Al usar Greetboard aceptas estos términos.',
    serviceTitle: 'Descripción del servicio',
    serviceText:
      'Greetboard muestra a las personas que escriben en tu directo y te permite marcarlas como saludadas.',
    responsibilitiesTitle: 'Tus responsabilidades',
    responsibilitiesText:
      'Usas el servicio de forma lícita y conforme a los términos del servicio de Twitch.',
    accountTitle: 'Gestión de la cuenta',
    accountText:
      'Un administrador aprueba las cuentas. Puedes borrar tu cuenta cuando quieras desde los ajustes.',
    availabilityTitle: 'Disponibilidad',
    availabilityText:
      'Buscamos una alta disponibilidad, pero no podemos garantizar un servicio sin interrupciones.',
    ipTitle: 'Propiedad intelectual',
    ipText: 'El software y su diseño siguen siendo propiedad de sus autores.',
    liabilityTitle: 'Responsabilidad',
    liabilityText:
      'El servicio se ofrece tal cual, sin garantías, en la medida en que lo permita la ley.',
    terminationTitle: 'Rescisión',
    terminationText: 'Podemos suspender las cuentas que incumplan estos términos.',
    changesTitle: 'Cambios',
    changesText: 'Intentaremos anunciar los cambios de estos términos con 30 días de antelación.',
  },
  imprint: {
    title: 'Aviso legal',
    operatorTitle: 'Responsable',
    operatorText: 'Greetboard se gestiona como un proyecto privado.',
    contactTitle: 'Contacto',
    emailLabel: 'Correo electrónico: {{email}}',
    responsibleTitle: 'Responsable del contenido',
    responsibleText: 'Puedes enviar tus preguntas sobre el contenido a {{email}}.',
  },
};
