import { Module } from '@nestjs/common';
import { AdminSessionsController } from './admin-sessions.controller.js';
import { ChatConnectionController } from './chat-connection.controller.js';
import { ChattersController } from './chatters.controller.js';
import { GlobalEditorsController } from './global-editors.controller.js';
import { IgnoredUsersController } from './ignored-users.controller.js';
import { RaidSettingsController, RaidsController } from './raids.controller.js';
import { SessionsController } from './sessions.controller.js';
import { SessionViewsModule } from './session-views.module.js';
import { WelcomeController } from './welcome.controller.js';

/** The REST routes of sessions, chatters, ignore lists and global editors. */
@Module({
  imports: [SessionViewsModule],
  controllers: [
    SessionsController,
    ChatConnectionController,
    ChattersController,
    RaidsController,
    RaidSettingsController,
    IgnoredUsersController,
    GlobalEditorsController,
    AdminSessionsController,
    WelcomeController,
  ],
  exports: [SessionViewsModule],
})
export class SessionsHttpModule {}
