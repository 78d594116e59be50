import type { ServiceDatabase } from '@greetboard/persistence';
import { UserSettingsEntity } from '../settings/user-settings.entity.js';
import { TwitchTokenEntity } from '../twitch/twitch-token.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { CreateAuthTables1767225600000 } from './migrations/1767225600000-CreateAuthTables.js';

/** The auth service's schema: users, their settings and their encrypted Twitch tokens. */
export const AUTH_DATABASE: ServiceDatabase = {
  schema: 'auth',
  entities: [UserEntity, UserSettingsEntity, TwitchTokenEntity],
  migrations: [CreateAuthTables1767225600000],
};
