import type { ServiceDatabase } from '@greetboard/persistence';
import { ChatterEntity } from '../chatters/chatter.entity.js';
import { GlobalEditorEntity, GlobalEditorInviteEntity } from '../editors/editor.entities.js';
import { IgnoredUserEntity } from '../ignored-users/ignored-user.entity.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { CreateSessionsTables1764100000000 } from './migrations/1764100000000-CreateSessionsTables.js';
import { SessionListVersion1764200000000 } from './migrations/1764200000000-SessionListVersion.js';
import { ChatLinesSeenAge1764300000000 } from './migrations/1764300000000-ChatLinesSeenAge.js';
import { SessionsOutbox1767400000000 } from './migrations/1767400000000-SessionsOutbox.js';

/**
 * The sessions service's schema. Hot paths (chatter lists, greets, chat lines) use set-based
 * SQL on these tables; the entities document them and serve the cold paths.
 */
export const SESSIONS_DATABASE: ServiceDatabase = {
  schema: 'sessions',
  entities: [
    UserEntity,
    SessionEntity,
    ChatterEntity,
    IgnoredUserEntity,
    GlobalEditorEntity,
    GlobalEditorInviteEntity,
  ],
  migrations: [
    CreateSessionsTables1764100000000,
    SessionListVersion1764200000000,
    ChatLinesSeenAge1764300000000,
    SessionsOutbox1767400000000,
  ],
};
