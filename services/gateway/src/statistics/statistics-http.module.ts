import { Module } from '@nestjs/common';
import { SessionsHttpModule } from '../sessions/sessions-http.module.js';
import { SessionExportController, StatisticsController } from './statistics.controller.js';

/** The statistics routes and the per-session chatter export. */
@Module({
  imports: [SessionsHttpModule],
  controllers: [StatisticsController, SessionExportController],
})
export class StatisticsHttpModule {}
