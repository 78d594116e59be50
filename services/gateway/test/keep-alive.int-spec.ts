import { once } from 'node:events';
import type { Server } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import { GatewayHttpAdapter, KEEP_ALIVE_TIMEOUT_MS } from '../src/http/gateway-http-server.js';

/** Node's HTTP agent (and so most clients) drops an idle pooled socket after 5 s. */
const CLIENT_IDLE_MS = 5_000;

/**
 * A client that reuses an idle connection must never meet a server closing it at the same
 * moment: the gateway keeps an idle keep-alive connection open well past the clients' own idle
 * timeout (and past the 60 s of common proxies), so the client always closes first.
 */
describe("the gateway's keep-alive connections", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const adapter = new GatewayHttpAdapter({
      headersTimeoutMs: 2_000,
      requestTimeoutMs: 2_000,
      upgradePath: '/ws',
    });
    adapter.getInstance<Express>().get('/ping', (_request, response) => {
      response.send('pong');
    });
    adapter.initHttpServer();
    server = adapter.getHttpServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('outlast the idle timeout of proxies in front of it', () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
  });

  it('serve a second request on a connection idle for longer than a client keeps it', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const request = `GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;
    const answers = () => received.split('HTTP/1.1 200').length - 1;
    const waitForAnswers = async (count: number) => {
      for (let waited = 0; answers() < count && waited < 2_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    socket.write(request);
    await waitForAnswers(1);
    await new Promise((resolve) => setTimeout(resolve, CLIENT_IDLE_MS + 1_000));
    expect(socket.destroyed).toBe(false);
    socket.write(request);
    await waitForAnswers(2);
    socket.destroy();

    expect(answers()).toBe(2);
  }, 15_000);
});
