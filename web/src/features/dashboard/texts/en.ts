/** The dashboard's texts (`dashboard.*`), loaded with the dashboard. */
export const en = {
  title: 'Dashboard',
  description: 'Manage your greeting sessions and greet the people in your chat.',
  pendingTitle: 'Account Pending Approval',
  pendingMessage:
    'Your account is waiting for approval by an administrator. You can look around, but you cannot start sessions yet.',
  totalSessions: 'Total Sessions',
  activeSessions: 'Active Sessions',
  totalChatters: 'Total Chatters',
  greeted: 'Greeted',
  sessions: 'Sessions',
  newSession: 'New Session',
  needsApproval: 'Account needs approval to create sessions',
  noSessions: 'No sessions yet. Create your first session to start greeting!',
  chatters: 'Chatters',
  chattersOf: 'Chatters: {{name}}',
  selectSession: 'Select a session to view chatters',
  selectHint: 'Click the eye icon next to a session to see its chatters here.',
  noChatters: 'No chatters yet. Start the session to begin monitoring!',
  noChattersActive: 'No chatters yet. Waiting for people to chat in your stream...',
  scopeAll: 'All sessions',
  scopeSelected: 'Selected session: {{name}}',
  scopeNone: 'Select a session',
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> } & {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
};
/** The shape every language has: the English keys, any strings. */
export type DashboardTexts = Texts<typeof en>;
