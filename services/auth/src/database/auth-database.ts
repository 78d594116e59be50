import type { ServiceDatabase } from '@greetboard/persistence';
import { UserSettingsEntity } from '../settings/user-settings.entity.js';
import { TwitchTokenEntity } from '../twitch/twitch-token.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { CreateAuthTables1767225600000 } from './migrations/1767225600000-CreateAuthTables.js';
import { CreateOutbox1767312000000 } from './migrations/1767312000000-CreateOutbox.js';
import { CreateLoginSessions1767398400000 } from './migrations/1767398400000-CreateLoginSessions.js';
import { OverlayLinks1767700000000 } from './migrations/1767700000000-OverlayLinks.js';
import { ClaimTokenValidation1767744000000 } from './migrations/1767744000000-ClaimTokenValidation.js';
import { AutoStartGrace1768500000000 } from './migrations/1768500000000-AutoStartGrace.js';
import { LoginSessionDetails1768600000000 } from './migrations/1768600000000-LoginSessionDetails.js';
import { OverlayLinkLooks1768740000000 } from './migrations/1768740000000-OverlayLinkLooks.js';

/** The auth service's schema: users, their settings, encrypted Twitch tokens, the event outbox. */
export const AUTH_DATABASE: ServiceDatabase = {
  schema: 'auth',
  entities: [UserEntity, UserSettingsEntity, TwitchTokenEntity],
  migrations: [
    CreateAuthTables1767225600000,
    CreateOutbox1767312000000,
    CreateLoginSessions1767398400000,
    OverlayLinks1767700000000,
    ClaimTokenValidation1767744000000,
    AutoStartGrace1768500000000,
    LoginSessionDetails1768600000000,
    OverlayLinkLooks1768740000000,
  ],
};
