import type { LegalTexts } from './en';

export const de: LegalTexts = {
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
    securityText: 'Daten werden verschlüsselt übertragen und auf geschützten Servern gespeichert.',
    retentionTitle: 'Speicherdauer',
    retentionText:
      'Daten bleiben gespeichert, bis du die Sitzung oder dein Konto löschst. Beim Löschen des Kontos werden alle Sitzungen und Chatdaten entfernt.',
    thirdPartiesTitle: 'Dritte',
    thirdPartiesText: 'Wir nutzen Twitch für Anmeldung und Chat. Wir verkaufen deine Daten nicht.',
    rightsTitle: 'Deine Rechte',
    rightsText: 'Du kannst jederzeit Auskunft, Berichtigung oder Löschung deiner Daten verlangen.',
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
};
