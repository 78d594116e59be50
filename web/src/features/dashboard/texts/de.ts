import type { DashboardTexts } from './en';

export const de: DashboardTexts = {
  title: 'Dashboard',
  description: 'Verwalte deine Begrüßungssitzungen und begrüße die Menschen in deinem Chat.',
  pendingTitle: 'Konto wartet auf Freigabe',
  pendingMessage:
    'Dein Konto wartet auf die Freigabe durch einen Administrator. Du kannst dich umsehen, aber noch keine Sitzungen starten.',
  totalSessions: 'Sitzungen gesamt',
  activeSessions: 'Aktive Sitzungen',
  totalChatters: 'Chatter gesamt',
  greeted: 'Begrüßt',
  sessions: 'Sitzungen',
  newSession: 'Neue Sitzung',
  needsApproval: 'Das Konto muss freigegeben werden, um Sitzungen zu erstellen',
  noSessions:
    'Noch keine Sitzungen. Erstelle deine erste Sitzung, um mit dem Begrüßen zu beginnen!',
  chatters: 'Chatter',
  chattersOf: 'Chatter: {{name}}',
  selectSession: 'Wähle eine Sitzung, um ihre Chatter zu sehen',
  selectHint: 'Klicke auf das Augensymbol neben einer Sitzung, um ihre Chatter hier zu sehen.',
  noChatters: 'Noch keine Chatter. Starte die Sitzung, um mit der Überwachung zu beginnen!',
  noChattersActive: 'Noch keine Chatter. Warte darauf, dass in deinem Stream gechattet wird...',
  scopeAll: 'Alle Sitzungen',
  scopeSelected: 'Ausgewählte Sitzung: {{name}}',
  scopeNone: 'Sitzung auswählen',
};
