import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  SessionStatisticsRequest,
  STATISTICS_REQUESTS,
  StatisticsRequest,
  type AggregateStatistics,
  type SessionStatistics,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { StatisticsService } from './statistics.service.js';

@Controller()
export class StatisticsHandler {
  constructor(private readonly statistics: StatisticsService) {}

  @OnRequest(STATISTICS_REQUESTS.aggregate)
  aggregate(@Payload() request: StatisticsRequest): Promise<AggregateStatistics> {
    return this.statistics.aggregate(request.actor, request.timeZone, request.asOf);
  }

  @OnRequest(STATISTICS_REQUESTS.session)
  session(@Payload() request: SessionStatisticsRequest): Promise<SessionStatistics> {
    return this.statistics.session(
      request.actor,
      request.sessionId,
      request.timeZone,
      request.asOf,
    );
  }
}
