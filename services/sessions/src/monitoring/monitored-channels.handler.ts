import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import {
  ListMonitoredChannelsRequest,
  MONITOR_REQUESTS,
  type MonitoredChannel,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { queryRows } from '@greetboard/persistence';

/** Tells chat-ingest which channels to read: those of owners with an active session. */
@Controller()
export class MonitoredChannelsHandler {
  constructor(private readonly dataSource: DataSource) {}

  @OnRequest(MONITOR_REQUESTS.list)
  async list(@Payload() _request: ListMonitoredChannelsRequest): Promise<MonitoredChannel[]> {
    return queryRows<MonitoredChannel>(
      this.dataSource,
      `SELECT DISTINCT u.username AS channel, u.twitch_id AS "channelId"
         FROM sessions.sessions s JOIN sessions.users u ON u.id = s.user_id
        WHERE s.is_active
        ORDER BY 1`,
      [],
    );
  }
}
