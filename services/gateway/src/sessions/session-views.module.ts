import { Module } from '@nestjs/common';
import { SessionAccessCache } from './session-access-cache.js';

/**
 * What this gateway replica keeps of sessions between requests: who may manage them. The REST
 * routes read it; the live relay keeps it current. Chatter lists are read from the sessions
 * service page by page (ADR 0050).
 */
@Module({
  providers: [SessionAccessCache],
  exports: [SessionAccessCache],
})
export class SessionViewsModule {}
