import { Module } from '@nestjs/common';
import { ChatterListCache } from './chatter-list-cache.js';
import { SessionAccessCache } from './session-access-cache.js';

/**
 * What this gateway replica keeps of sessions between requests: chatter lists and who may
 * manage them. The REST routes read them; the live relay keeps them current (ADR 0035).
 */
@Module({
  providers: [ChatterListCache, SessionAccessCache],
  exports: [ChatterListCache, SessionAccessCache],
})
export class SessionViewsModule {}
