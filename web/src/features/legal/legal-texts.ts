import type { Language } from '../i18n/i18n';

/**
 * The legal pages' texts in every language. They live with the legal pages, and load with them,
 * so the overlay and the dashboard do not carry them (see the JavaScript budgets).
 */
const en = {
  contactLine: 'Contact: {{email}}',
  privacy: {
    title: 'Privacy Policy',
    collectedTitle: 'Data we collect',
    collectedText:
      'Your Twitch account name, display name, profile image and Twitch ID, and for monitored sessions the names and first messages of the people who chat in your stream.',
    useTitle: 'How we use it',
    useText: 'Only to run the service: to list chatters, record greetings and show statistics.',
    securityTitle: 'Security',
    securityText: 'Data is sent over encrypted connections and stored on protected servers.',
    retentionTitle: 'Retention',
    retentionText:
      'Data is kept until you delete the session or your account. Deleting your account removes all sessions and chat data.',
    thirdPartiesTitle: 'Third parties',
    thirdPartiesText: 'We use Twitch for sign-in and chat. We do not sell your data.',
    rightsTitle: 'Your rights',
    rightsText: 'You may ask for access to, correction of or deletion of your data at any time.',
    contactTitle: 'Contact',
  },
  terms: {
    title: 'Terms of Service',
    acceptanceTitle: 'Acceptance',
    acceptanceText: 'By using Greetboard you accept these terms.',
    serviceTitle: 'Service description',
    serviceText:
      'Greetboard lists the people who chat in your stream and lets you mark them as greeted.',
    responsibilitiesTitle: 'Your responsibilities',
    responsibilitiesText:
      'You use the service lawfully and in line with the Twitch terms of service.',
    accountTitle: 'Account management',
    accountText:
      'Accounts are approved by an administrator. You can delete your account at any time in the settings.',
    availabilityTitle: 'Availability',
    availabilityText: 'We aim for high availability but cannot guarantee uninterrupted service.',
    ipTitle: 'Intellectual property',
    ipText: 'The software and its design remain the property of their authors.',
    liabilityTitle: 'Liability',
    liabilityText: 'The service is provided as is, without warranty, as far as the law allows.',
    terminationTitle: 'Termination',
    terminationText: 'We may suspend accounts that break these terms.',
    changesTitle: 'Changes',
    changesText: 'We will try to announce changes to these terms 30 days in advance.',
  },
  imprint: {
    title: 'Imprint',
    operatorTitle: 'Operator',
    operatorText: 'Greetboard is operated as a private project.',
    contactTitle: 'Contact',
    emailLabel: 'Email: {{email}}',
    responsibleTitle: 'Responsible for content',
    responsibleText: 'Questions about the content can be sent to {{email}}.',
  },
};

/** The shape every language has: the English keys, any strings. */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type LegalTexts = Texts<typeof en>;

export const legalTexts: Record<Language, LegalTexts> = {
  en,
  de: {
    contactLine: 'Kontakt: {{email}}',
    privacy: {
      title: 'Datenschutzerklärung',
      collectedTitle: 'Welche Daten wir erheben',
      collectedText:
        'Deinen Twitch-Kontonamen, Anzeigenamen, dein Profilbild und deine Twitch-ID sowie bei überwachten Sitzungen die Namen und ersten Nachrichten der Personen, die in deinem Stream chatten.',
      useTitle: 'Wofür wir sie verwenden',
      useText:
        'Nur für den Betrieb des Dienstes: um Chatter aufzulisten, Begrüßungen festzuhalten und Statistiken anzuzeigen.',
      securityTitle: 'Sicherheit',
      securityText:
        'Daten werden verschlüsselt übertragen und auf geschützten Servern gespeichert.',
      retentionTitle: 'Speicherdauer',
      retentionText:
        'Daten bleiben gespeichert, bis du die Sitzung oder dein Konto löschst. Beim Löschen des Kontos werden alle Sitzungen und Chatdaten entfernt.',
      thirdPartiesTitle: 'Dritte',
      thirdPartiesText:
        'Wir nutzen Twitch für Anmeldung und Chat. Wir verkaufen deine Daten nicht.',
      rightsTitle: 'Deine Rechte',
      rightsText:
        'Du kannst jederzeit Auskunft, Berichtigung oder Löschung deiner Daten verlangen.',
      contactTitle: 'Kontakt',
    },
    terms: {
      title: 'Nutzungsbedingungen',
      acceptanceTitle: 'Zustimmung',
      acceptanceText: 'Mit der Nutzung von Greetboard akzeptierst du diese Bedingungen.',
      serviceTitle: 'Beschreibung des Dienstes',
      serviceText:
        'Greetboard listet die Personen auf, die in deinem Stream chatten, und lässt dich sie als begrüßt markieren.',
      responsibilitiesTitle: 'Deine Pflichten',
      responsibilitiesText:
        'Du nutzt den Dienst rechtmäßig und im Einklang mit den Nutzungsbedingungen von Twitch.',
      accountTitle: 'Kontoverwaltung',
      accountText:
        'Konten werden von einem Administrator freigegeben. Du kannst dein Konto jederzeit in den Einstellungen löschen.',
      availabilityTitle: 'Verfügbarkeit',
      availabilityText:
        'Wir streben eine hohe Verfügbarkeit an, können aber keinen unterbrechungsfreien Betrieb garantieren.',
      ipTitle: 'Geistiges Eigentum',
      ipText: 'Die Software und ihr Design bleiben Eigentum ihrer Urheber.',
      liabilityTitle: 'Haftung',
      liabilityText: 'Der Dienst wird ohne Gewähr bereitgestellt, soweit gesetzlich zulässig.',
      terminationTitle: 'Kündigung',
      terminationText: 'Wir können Konten sperren, die gegen diese Bedingungen verstoßen.',
      changesTitle: 'Änderungen',
      changesText: 'Wir versuchen, Änderungen dieser Bedingungen 30 Tage im Voraus anzukündigen.',
    },
    imprint: {
      title: 'Impressum',
      operatorTitle: 'Betreiber',
      operatorText: 'Greetboard wird als privates Projekt betrieben.',
      contactTitle: 'Kontakt',
      emailLabel: 'E-Mail: {{email}}',
      responsibleTitle: 'Verantwortlich für den Inhalt',
      responsibleText: 'Fragen zum Inhalt kannst du an {{email}} senden.',
    },
  },
  es: {
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
  },
  fr: {
    contactLine: 'Contact : {{email}}',
    privacy: {
      title: 'Politique de confidentialité',
      collectedTitle: 'Données collectées',
      collectedText:
        "Votre nom de compte Twitch, votre nom d'affichage, votre image de profil et votre identifiant Twitch, ainsi que, pour les sessions suivies, les noms et premiers messages des personnes qui écrivent dans votre stream.",
      useTitle: 'Utilisation',
      useText:
        'Uniquement pour faire fonctionner le service : lister les chatteurs, enregistrer les saluts et afficher des statistiques.',
      securityTitle: 'Sécurité',
      securityText:
        'Les données transitent par des connexions chiffrées et sont stockées sur des serveurs protégés.',
      retentionTitle: 'Conservation',
      retentionText:
        'Les données sont conservées jusqu’à la suppression de la session ou de votre compte. La suppression du compte efface toutes les sessions et données de chat.',
      thirdPartiesTitle: 'Tiers',
      thirdPartiesText:
        'Nous utilisons Twitch pour la connexion et le chat. Nous ne vendons pas vos données.',
      rightsTitle: 'Vos droits',
      rightsText:
        "Vous pouvez à tout moment demander l'accès, la rectification ou la suppression de vos données.",
      contactTitle: 'Contact',
    },
    terms: {
      title: "Conditions d'utilisation",
      acceptanceTitle: 'Acceptation',
      acceptanceText: 'En utilisant Greetboard, vous acceptez ces conditions.',
      serviceTitle: 'Description du service',
      serviceText:
        'Greetboard liste les personnes qui écrivent dans votre stream et vous permet de les marquer comme saluées.',
      responsibilitiesTitle: 'Vos responsabilités',
      responsibilitiesText:
        "Vous utilisez le service de manière licite et conformément aux conditions d'utilisation de Twitch.",
      accountTitle: 'Gestion du compte',
      accountText:
        'Les comptes sont approuvés par un administrateur. Vous pouvez supprimer votre compte à tout moment dans les paramètres.',
      availabilityTitle: 'Disponibilité',
      availabilityText:
        'Nous visons une haute disponibilité sans pouvoir garantir un service ininterrompu.',
      ipTitle: 'Propriété intellectuelle',
      ipText: 'Le logiciel et son design restent la propriété de leurs auteurs.',
      liabilityTitle: 'Responsabilité',
      liabilityText:
        'Le service est fourni tel quel, sans garantie, dans les limites permises par la loi.',
      terminationTitle: 'Résiliation',
      terminationText: 'Nous pouvons suspendre les comptes qui enfreignent ces conditions.',
      changesTitle: 'Modifications',
      changesText:
        "Nous essaierons d'annoncer les modifications de ces conditions 30 jours à l'avance.",
    },
    imprint: {
      title: 'Mentions légales',
      operatorTitle: 'Éditeur',
      operatorText: 'Greetboard est exploité comme un projet privé.',
      contactTitle: 'Contact',
      emailLabel: 'E-mail : {{email}}',
      responsibleTitle: 'Responsable du contenu',
      responsibleText: 'Les questions sur le contenu peuvent être envoyées à {{email}}.',
    },
  },
};
