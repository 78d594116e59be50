export { AuthModule, type AuthServiceOptions } from './auth.module.js';
export {
  authEnv,
  twitchEnv,
  resolveAuthConfig,
  publicUrlOf,
  parseAdminLogins,
  AuthConfigError,
  type AuthConfig,
  type AuthEnv,
} from './config.js';
export { TwitchTokenVault, type SweepReport } from './twitch/twitch-token-vault.js';
export { SessionAnnouncer } from './announcements/session-announcer.js';
export { DomainEventOutbox } from '@greetboard/persistence';
export { UsersService } from './users/users.service.js';
export * from './auth.runtime.js';
export { LoginSessions } from './login-sessions/login-sessions.js';
