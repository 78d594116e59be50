import type { ServiceDatabase } from '@greetboard/persistence';
import { CreateSessionsTables1764100000000 } from './migrations/1764100000000-CreateSessionsTables.js';
import { SessionListVersion1764200000000 } from './migrations/1764200000000-SessionListVersion.js';
import { ChatLinesSeenAge1764300000000 } from './migrations/1764300000000-ChatLinesSeenAge.js';
import { SessionsOutbox1767400000000 } from './migrations/1767400000000-SessionsOutbox.js';
import { ChatterProfilesAndHistory1767500000000 } from './migrations/1767500000000-ChatterProfilesAndHistory.js';
import { SessionRaids1768200000000 } from './migrations/1768200000000-SessionRaids.js';
import { ChattersWithoutImage1768300000000 } from './migrations/1768300000000-ChattersWithoutImage.js';
import { ChatterModeration1768400000000 } from './migrations/1768400000000-ChatterModeration.js';
import { OneSessionPerChannel1768500000000 } from './migrations/1768500000000-OneSessionPerChannel.js';
import { ChatterViewIndex1768650000000 } from './migrations/1768650000000-ChatterViewIndex.js';
import { RaidWindow1768710000000 } from './migrations/1768710000000-RaidWindow.js';
import { WelcomeMessages1768720000000 } from './migrations/1768720000000-WelcomeMessages.js';
import { ChatterCard1768730000000 } from './migrations/1768730000000-ChatterCard.js';
import { RaidShoutoutOutcome1768770000000 } from './migrations/1768770000000-RaidShoutoutOutcome.js';
import { HotChatterUpdates1768780000000 } from './migrations/1768780000000-HotChatterUpdates.js';
import { OutboxLz41768790000000 } from './migrations/1768790000000-OutboxLz4.js';
import { ChatLinesSeenByTrigger1768800000000 } from './migrations/1768800000000-ChatLinesSeenByTrigger.js';

/**
 * The sessions service's schema, defined by its hand-written migrations. Every statement is
 * SQL in the feature's repository (`<feature>/<feature>.repository.ts`); no entities (ADR 0015).
 */
export const SESSIONS_DATABASE: ServiceDatabase = {
  schema: 'sessions',
  entities: [],
  migrations: [
    CreateSessionsTables1764100000000,
    SessionListVersion1764200000000,
    ChatLinesSeenAge1764300000000,
    SessionsOutbox1767400000000,
    ChatterProfilesAndHistory1767500000000,
    SessionRaids1768200000000,
    ChattersWithoutImage1768300000000,
    ChatterModeration1768400000000,
    OneSessionPerChannel1768500000000,
    ChatterViewIndex1768650000000,
    RaidWindow1768710000000,
    WelcomeMessages1768720000000,
    ChatterCard1768730000000,
    RaidShoutoutOutcome1768770000000,
    HotChatterUpdates1768780000000,
    OutboxLz41768790000000,
    ChatLinesSeenByTrigger1768800000000,
  ],
};
