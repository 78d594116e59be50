import { Controller, Get, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ADMIN_REQUESTS,
  ADMIN_STATUS_EVENTS,
  ReplicaStatusReport,
  sendRequest,
  type AdminOverviewDto,
  type SystemStatusDto,
} from '@greetboard/contracts';
import { BUS_CLIENT, OnEvent, rpcValidationPipe, type BusClient } from '@greetboard/transport';
import { AdminOnly } from '../http/access.guard.js';
import { REPLICA_STATUS_DEADLINE_MS, ReplicaStatusCollector } from './replica-status-collector.js';

/** The admin panel's Overview and System tabs, over every replica. */
@AdminOnly()
@Controller('api/admin')
export class AdminStatusController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly collector: ReplicaStatusCollector,
  ) {}

  @Get('overview')
  async overview(): Promise<AdminOverviewDto> {
    const [users, sessions, gathered] = await Promise.all([
      sendRequest(this.bus, ADMIN_REQUESTS.authTotals, {}),
      sendRequest(this.bus, ADMIN_REQUESTS.sessionsTotals, {}),
      this.collector.gather(),
    ]);
    return {
      totalUsers: users.totalUsers,
      activeSessions: sessions.activeSessions,
      totalChatters: sessions.totalChatters,
      activeTmiConnections: sum(gathered.reports.map((report) => report.tmiConnections)),
      pendingUsers: users.pendingUsers,
    };
  }

  @Get('system-status')
  async systemStatus(): Promise<SystemStatusDto> {
    const { reports, replicas } = await this.collector.gather();
    const monitors = new Set(reports.flatMap((report) => report.channels ?? []));
    const processes = [...onePerProcess(reports)];
    return {
      websocketConnections: sum(reports.map((report) => report.websocketConnections)),
      activeTmiConnections: sum(reports.map((report) => report.tmiConnections)),
      uptime: Math.max(0, ...reports.map((report) => report.uptime)),
      memoryUsage: {
        rss: sum(processes.map((report) => report.memoryUsage.rss)),
        heapTotal: sum(processes.map((report) => report.memoryUsage.heapTotal)),
        heapUsed: sum(processes.map((report) => report.memoryUsage.heapUsed)),
      },
      activeMonitors: [...monitors].sort(),
      timestamp: new Date().toISOString(),
      replicas,
      deadlineMs: REPLICA_STATUS_DEADLINE_MS,
    };
  }
}

/** Every gateway hears every report; the collector keeps those of its own probes. */
@Controller()
export class ReplicaReportsController {
  constructor(private readonly collector: ReplicaStatusCollector) {}

  @OnEvent(ADMIN_STATUS_EVENTS.report)
  report(@Payload(rpcValidationPipe()) report: ReplicaStatusReport): void {
    this.collector.receive(report);
  }
}

/** One report per operating-system process: services sharing a process share its memory. */
function onePerProcess(reports: ReplicaStatusReport[]): Iterable<ReplicaStatusReport> {
  const byProcess = new Map<string, ReplicaStatusReport>();
  for (const report of reports) {
    byProcess.set(report.processId ?? `${report.service}/${report.replicaId}`, report);
  }
  return byProcess.values();
}

function sum(values: (number | undefined)[]): number {
  return values.reduce<number>((total, value) => total + (value ?? 0), 0);
}
