/** The chat connection banner in English. */
export const en = {
  title: 'Not connected to your Twitch chat: retrying',
  titleForEditor: "Not connected to the streamer's Twitch chat: retrying",
  reason: {
    timeout: 'Twitch did not answer the join',
    refused: 'Twitch refused the join: the channel is suspended or does not exist',
    disconnected: 'Twitch is unreachable',
    unread: 'No chat reader has taken the channel',
  },
};

export type ChatConnectionTexts = typeof en;
