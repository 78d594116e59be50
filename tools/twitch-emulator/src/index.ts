export { startTwitchEmulator, type TwitchEmulator } from './emulator.js';
export { DEFAULT_CLIENT, optionsFromEnv, EnvError, type TwitchEmulatorOptions } from './options.js';
export { DemoChat, type DemoChatOptions } from './traffic/demo-chat.js';
export { type TrafficOptions } from './traffic/generator.js';
export { type TrafficReport, type TrafficRun } from './traffic/runner.js';
export { type OAuthClient } from './state/tokens.js';
export { type EmulatorUser } from './state/users.js';
export { type StreamEvent } from './state/channels.js';
export { parseIrcLine, escapeTagValue, unescapeTagValue, type IrcMessage } from './irc/message.js';
