import type { LegalTexts } from './en';

export const fr: LegalTexts = {
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
};
