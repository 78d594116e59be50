/** The session page's texts in English (`sessionPage.*`, beside the two the overlay shares). */
export const en = {
  stats: 'Session statistics',
  totalChatters: 'Total Chatters',
  greeted: 'Greeted',
  pending: 'Pending',
  progress: 'Progress',
  noChatters: 'No chatters yet',
  waiting: 'Waiting for people to chat in your stream...',
  startHint: 'Start the session to begin monitoring your chat!',
  allHidden: 'No chatters to show',
  allHiddenHint: 'Toggle Hide greeted',
  notFound: 'Session Not Found',
  notFoundText: 'This session does not exist or you cannot see it.',
};

export type SessionPageTexts = typeof en;
