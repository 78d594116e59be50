import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import cookieParser from 'cookie-parser';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { KeyValueStore } from '@greetboard/kv';
import { initMetrics, openProcessOpsServer, reportServiceState } from '@greetboard/metrics';
import { metricsPortFromEnv, serviceLogger } from '@greetboard/service-kit';
import {
  BUS_CLIENT,
  microserviceOptions,
  natsHealth,
  type BusClient,
  type TransportRuntime,
} from '@greetboard/transport';
import { DEFAULT_EMOTE_URL_TEMPLATE, type GatewayConfig } from './config.js';
import type { GatewayAuthSettings } from './auth/gateway-auth.settings.js';
import { noStoreForUserAnswers, securityHeaders } from './auth/protections.js';
import { GatewayModule } from './gateway.module.js';
import { DomainErrorFilter } from './http/domain-error.filter.js';
import { assignRequestId } from './http/request-id.js';
import { logServerErrors } from './http/server-error-log.js';
import { recordRequestDuration } from './http/request-metrics.js';
import { GatewayHttpAdapter } from './http/gateway-http-server.js';
import { httpValidationPipe } from './http/validation.pipe.js';
import { serveWebApp } from './http/web-app.js';
import { LIVE_PATH } from './live/live-socket.server.js';

/** The largest JSON body the API accepts. */
const MAX_JSON_BODY = '64kb';

export interface GatewayOptions {
  config: Pick<
    GatewayConfig,
    'HOST' | 'PORT' | 'WEB_DIST_DIR' | 'SHUTDOWN_GRACE_MS' | 'LOG_LEVEL'
  > &
    Partial<
      Pick<
        GatewayConfig,
        | 'PUBLIC_URL'
        | 'RATE_LIMIT_SIGN_IN_PER_MINUTE'
        | 'RATE_LIMIT_API_PER_MINUTE'
        | 'TRUST_PROXY_HOPS'
        | 'GIT_COMMIT'
        | 'TWITCH_EMOTE_URL_TEMPLATE'
        | 'HTTP_HEADERS_TIMEOUT_MS'
        | 'HTTP_REQUEST_TIMEOUT_MS'
        | 'LIVE_SOCKETS_PER_USER'
        | 'LIVE_SOCKETS_PER_OVERLAY_LINK'
        | 'LIVE_MESSAGES_PER_USER'
      >
    >;
  transport: TransportRuntime;
  kv: KeyValueStore;
  /** True when Twitch is the built-in emulator (standalone demo mode). */
  demoMode?: boolean;
  /** Extra origins images may load from (the emulator's avatars in demo mode). */
  imageOrigins?: string[];
}

/** The version in the repository's package.json (the same for every package). */
function productVersion(): string {
  try {
    const file = new URL('../../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '1.0.0';
  } catch {
    return '1.0.0';
  }
}

export interface RunningGateway {
  app: NestExpressApplication;
  /** Where the gateway listens, e.g. http://localhost:3000 */
  url: string;
  port: number;
  /** Stops taking connections, lets in-flight requests finish (up to the grace period), closes. */
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { config } = options;
  const auth: GatewayAuthSettings = {
    // Without PUBLIC_URL the port may only be known after listen (PORT=0); filled in below.
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
    signInRequestsPerMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE ?? 30,
    apiRequestsPerMinute: config.RATE_LIMIT_API_PER_MINUTE ?? 300,
    demoMode: options.demoMode ?? false,
    version: productVersion(),
    commit: config.GIT_COMMIT ?? '',
    emoteUrlTemplate: config.TWITCH_EMOTE_URL_TEMPLATE ?? DEFAULT_EMOTE_URL_TEMPLATE,
    liveSocketsPerUser: config.LIVE_SOCKETS_PER_USER ?? 50,
    liveSocketsPerOverlayLink: config.LIVE_SOCKETS_PER_OVERLAY_LINK ?? 10,
    liveMessagesPerUser: config.LIVE_MESSAGES_PER_USER ?? 60,
  };
  const adapter = new GatewayHttpAdapter({
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS ?? 10_000,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS ?? 30_000,
    upgradePath: LIVE_PATH,
  });
  const app = await NestFactory.create<NestExpressApplication>(
    GatewayModule.register({ transport: options.transport, kv: options.kv, auth }),
    adapter,
    { logger: serviceLogger('gateway', config.LOG_LEVEL), bodyParser: false },
  );
  app.disable('x-powered-by');
  initMetrics('gateway');
  const bus = app.get<BusClient>(BUS_CLIENT);
  // Ready while its own bus connection works: a gateway serves every route it can then.
  const stopReporting = reportServiceState('gateway', async () => {
    const [nats, redis] = await Promise.all([
      natsHealth(bus).then((status) => status === 'up'),
      options.kv.ping().catch(() => false),
    ]);
    return { ready: nats, dependencies: { nats, redis } };
  });
  app.use(recordRequestDuration);
  app.set('trust proxy', config.TRUST_PROXY_HOPS ?? 0);
  // The scheme of the public address decides: PUBLIC_URL unset means http://localhost:PORT.
  app.use(securityHeaders(auth.publicUrl, options.imageOrigins));
  app.use(noStoreForUserAnswers());
  app.use(cookieParser());
  app.useBodyParser('json', { limit: MAX_JSON_BODY });
  // After the body parser, whose stream callbacks would otherwise run outside the request.
  app.use(assignRequestId);
  app.use(logServerErrors());
  app.useGlobalFilters(new DomainErrorFilter());
  app.useGlobalPipes(httpValidationPipe());
  if (config.WEB_DIST_DIR) serveWebApp(app, config.WEB_DIST_DIR);
  // Live events fan out to every gateway replica: this listener joins no queue group. Its
  // handlers validate their payloads themselves (global pipes of a connected microservice
  // would have to be registered before the application initialised).
  app.connectMicroservice(microserviceOptions(options.transport));
  await app.startAllMicroservices();

  await app.listen(config.PORT, config.HOST);
  const server = app.getHttpServer();
  const { port } = server.address() as AddressInfo;
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.HOST)
    ? 'localhost'
    : config.HOST;
  if (!config.PUBLIC_URL) auth.publicUrl = `http://${host}:${port}`;
  // Metrics on their own port, which no Ingress routes; probes stay on the HTTP port.
  const metricsPort = metricsPortFromEnv();
  const ops =
    metricsPort === undefined
      ? undefined
      : await openProcessOpsServer({ port: metricsPort, host: config.HOST });

  return {
    app,
    url: `http://${host}:${port}`,
    port,
    close: async () => {
      // server.close() (called by app.close) waits for in-flight requests; connections that
      // outlive the grace period, live sockets included, are cut so shutdown always ends.
      const cutoff = setTimeout(() => adapter.destroyAllConnections(), config.SHUTDOWN_GRACE_MS);
      cutoff.unref();
      // Silent and keep-alive connections have nothing to finish: they go now.
      adapter.destroyIdleConnections();
      try {
        await app.close();
      } finally {
        clearTimeout(cutoff);
        stopReporting();
        await ops?.close();
      }
    },
  };
}
