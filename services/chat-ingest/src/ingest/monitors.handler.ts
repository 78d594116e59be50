import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { MONITOR_EVENTS, MonitoredChannelsChanged } from '@greetboard/contracts';
import { OnEvent } from '@greetboard/transport';
import { ChatIngestRunner } from './chat-ingest.runner.js';

@Controller()
export class MonitorsHandler {
  constructor(private readonly runner: ChatIngestRunner) {}

  /** Another replica is leaving: take its channels now instead of at the next round. */
  @OnEvent(MONITOR_EVENTS.changed)
  async monitorsChanged(@Payload() _change: MonitoredChannelsChanged): Promise<void> {
    await this.runner.monitor.tick();
  }
}
