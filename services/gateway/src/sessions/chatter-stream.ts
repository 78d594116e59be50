import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  SESSIONS_REQUESTS,
  sendRequest,
  type ChatterDto,
  type SessionActor,
} from '@greetboard/contracts';
import type { BusClient } from '@greetboard/transport';

/**
 * A session's whole chatter list, oldest first, page by page from the sessions service (each
 * page fits one bus message, ADR 0050): never more than one page in memory.
 */
export async function* chatterPages(
  bus: BusClient,
  actor: SessionActor,
  sessionId: string,
): AsyncGenerator<ChatterDto[]> {
  let after: string | undefined;
  do {
    const page = await sendRequest(bus, SESSIONS_REQUESTS.listChatters, {
      actor,
      sessionId,
      ...(after === undefined ? {} : { after }),
    });
    yield page.chatters;
    after = page.next ?? undefined;
  } while (after !== undefined);
}

/**
 * The items of `pages` as one JSON array, a page per chunk; `item` turns an item into its JSON
 * text (`JSON.stringify` by default).
 */
export async function* jsonArray<T>(
  pages: AsyncIterable<T[]>,
  item: (value: T) => string = (value) => JSON.stringify(value),
): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield (first ? '' : ',') + page.map(item).join(',');
    first = false;
  }
  yield ']';
}

/**
 * Sends `chunks` as the response body, gzipped when the client accepts it. Backpressure holds
 * the next page until the client has taken the last, and compression runs off the event loop
 * (zlib's thread pool). Headers are sent with the first chunk: a failure after that can only
 * cut the response short, which the client sees as an incomplete body.
 */
export async function streamBody(
  request: Request,
  response: Response,
  chunks: AsyncIterable<string>,
): Promise<void> {
  response.setHeader('Vary', 'Accept-Encoding');
  response.status(200);
  const body = Readable.from(chunks);
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  if (gzip) response.setHeader('Content-Encoding', 'gzip');
  const release = await streamSlot();
  try {
    await (gzip
      ? pipeline(body, createGzip({ level: constants.Z_BEST_SPEED }), response)
      : pipeline(body, response));
  } catch (error) {
    if (!response.headersSent) throw error;
    // The pipeline destroyed the response; a client that went away needs no log line.
    if (!request.destroyed) logger.warn(`Stream of ${request.path} cut short: ${String(error)}`);
  } finally {
    release();
  }
}

/**
 * Whole lists and exports a gateway streams at once; more wait their turn, first come first
 * served. Each stream keeps this process and the sessions service busy page after page: ten
 * at once saturate both event loops, so every other request waits a whole turn of them. (A
 * counter and a queue: no dependency for ten lines.)
 */
export const MAX_STREAMS = 2;
let streaming = 0;
const waiting: (() => void)[] = [];

/** Waits for a free stream slot; the function returned frees it (or hands it on). */
export async function streamSlot(): Promise<() => void> {
  if (streaming < MAX_STREAMS) streaming++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else streaming--;
  };
}

const logger = new Logger('ChatterStream');
