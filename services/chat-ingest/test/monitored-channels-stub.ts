import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ListMonitoredChannelsRequest,
  MONITOR_REQUESTS,
  type MonitoredChannel,
} from '@greetboard/contracts';
import { startServiceApp } from '@greetboard/service-kit';
import { OnRequest, type TransportRuntime } from '@greetboard/transport';

/**
 * Stands in for the sessions service: answers which channels have an active session with
 * the `monitored` list, which the test fills.
 */
export function startMonitoredChannelsStub(
  transport: TransportRuntime,
  monitored: MonitoredChannel[],
): Promise<INestMicroservice> {
  @Controller()
  class MonitoredChannelsStub {
    @OnRequest(MONITOR_REQUESTS.list)
    list(@Payload() _request: ListMonitoredChannelsRequest): MonitoredChannel[] {
      return monitored;
    }
  }

  @Module({ controllers: [MonitoredChannelsStub] })
  class SessionsStubModule {}

  return startServiceApp('sessions', { module: SessionsStubModule }, transport, 'warn');
}
