import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CHAT_INGEST_REQUESTS,
  GetChannelJoinStatusRequest,
  MONITOR_EVENTS,
  MonitoredChannelsChanged,
  type ChannelJoinRecord,
} from '@greetboard/contracts';
import { OnEvent, OnRequest } from '@greetboard/transport';
import { ChatIngestRunner } from './chat-ingest.runner.js';

@Controller()
export class MonitorsHandler {
  constructor(private readonly runner: ChatIngestRunner) {}

  /** Another replica is leaving: take its channels now instead of at the next round. */
  @OnEvent(MONITOR_EVENTS.changed)
  async monitorsChanged(@Payload() _change: MonitoredChannelsChanged): Promise<void> {
    await this.runner.monitor.tick();
  }

  /** Any replica answers: the records of every replica are in the shared store. */
  @OnRequest(CHAT_INGEST_REQUESTS.joinStatus)
  async joinStatus(@Payload() request: GetChannelJoinStatusRequest): Promise<ChannelJoinRecord> {
    return { record: await this.runner.joinStatusOf(request.channel) };
  }
}
