import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ListMonitoredChannelsRequest,
  MONITOR_REQUESTS,
  type MonitoredChannel,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { MonitoringRepository } from './monitoring.repository.js';

/**
 * Tells chat-ingest which channels to read: those of owners with an active session. Chat-ingest
 * reads this at boot and as a slow reconciliation; between, it follows session status events.
 */
@Controller()
export class MonitoredChannelsHandler {
  constructor(private readonly monitoring: MonitoringRepository) {}

  @OnRequest(MONITOR_REQUESTS.list)
  list(@Payload() _request: ListMonitoredChannelsRequest): Promise<MonitoredChannel[]> {
    return this.monitoring.monitoredChannels();
  }
}
