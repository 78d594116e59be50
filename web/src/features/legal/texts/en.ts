/** The legal pages' English texts, loaded with those pages (see i18n/namespaces.ts). */
export const en = {
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

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
/** The shape every language has: the English keys, any strings. */
export type LegalTexts = Texts<typeof en>;
