import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { BrokerClosedError, NoRespondersError, RequestTimeoutError } from '../transport-errors.js';
import { assertPublishSubject, assertSubscriptionSubject, subjectMatches } from './subjects.js';

/** NATS status code a server sends to a requester when nobody subscribes to the subject. */
export const NO_RESPONDERS_STATUS = 503;

/** A delivered message. Like a NATS message it carries text, not the publisher's object. */
export interface BrokerMessage {
  readonly subject: string;
  readonly reply?: string;
  /** The serialised payload; empty when the publisher sent nothing. */
  readonly text: string;
  /** Set to NO_RESPONDERS_STATUS on the status message a requester gets when nobody listens. */
  readonly status?: number;
  /** Parses the payload; throws on malformed JSON, exactly like NATS `msg.json()`. */
  json(): unknown;
}

export type BrokerHandler = (message: BrokerMessage) => void | Promise<void>;

export interface BrokerSubscription {
  readonly subject: string;
  readonly queue?: string;
  unsubscribe(): void;
}

export interface SubscribeOptions {
  /** Members of one queue group share the messages: each goes to one of them. */
  queue?: string;
}

export interface RequestOptions {
  timeoutMs: number;
}

interface Subscriber {
  readonly id: number;
  readonly subject: string;
  readonly queue?: string;
  readonly handler: BrokerHandler;
}

/**
 * An in-memory message bus with NATS semantics, shared by every service of the standalone
 * process. Payloads are serialised on publish, so a subscriber never shares (or mutates) the
 * publisher's object and sees the same JSON edge cases (dates as strings, `undefined` fields
 * dropped) as over NATS. Delivery is asynchronous, as it is over a socket.
 */
export class InProcessBroker {
  private readonly logger = new Logger(InProcessBroker.name);
  private readonly subscribers = new Map<number, Subscriber>();
  /** Round-robin position per queue group, keyed by subscription subject and queue name. */
  private readonly queueCursors = new Map<string, number>();
  private nextSubscriberId = 1;
  private closed = false;

  get isClosed(): boolean {
    return this.closed;
  }

  createInbox(): string {
    return `_INBOX.${randomUUID().replaceAll('-', '')}`;
  }

  subscribe(
    subject: string,
    handler: BrokerHandler,
    options: SubscribeOptions = {},
  ): BrokerSubscription {
    this.assertOpen();
    assertSubscriptionSubject(subject);
    const subscriber: Subscriber = {
      id: this.nextSubscriberId++,
      subject,
      queue: options.queue,
      handler,
    };
    this.subscribers.set(subscriber.id, subscriber);
    return {
      subject,
      queue: options.queue,
      unsubscribe: () => {
        this.subscribers.delete(subscriber.id);
      },
    };
  }

  /** Publishes `data` as JSON. Throws (like the NATS serialiser) when it cannot be serialised. */
  publish(subject: string, data: unknown, replyTo?: string): void {
    this.publishText(subject, encode(data), replyTo);
  }

  /** Publishes raw text, e.g. a payload that is not valid JSON. */
  publishText(subject: string, text: string, replyTo?: string): void {
    this.assertOpen();
    assertPublishSubject(subject);
    if (replyTo !== undefined) assertPublishSubject(replyTo);
    const recipients = this.recipientsOf(subject);
    if (recipients.length === 0 && replyTo !== undefined) {
      // A NATS server answers a request nobody can receive with a 503 status message.
      this.deliver([...this.recipientsOf(replyTo)], {
        subject: replyTo,
        text: '',
        status: NO_RESPONDERS_STATUS,
      });
      return;
    }
    this.deliver(recipients, { subject, reply: replyTo, text });
  }

  /** Sends a request and resolves with the first reply. */
  request(subject: string, data: unknown, options: RequestOptions): Promise<BrokerMessage> {
    const text = encode(data);
    return new Promise<BrokerMessage>((resolve, reject) => {
      const inbox = this.createInbox();
      const timer = setTimeout(() => {
        subscription.unsubscribe();
        reject(new RequestTimeoutError(subject, options.timeoutMs));
      }, options.timeoutMs);
      const subscription = this.subscribe(inbox, (reply) => {
        clearTimeout(timer);
        subscription.unsubscribe();
        if (reply.status === NO_RESPONDERS_STATUS) reject(new NoRespondersError(subject));
        else resolve(reply);
      });
      try {
        this.publishText(subject, text, inbox);
      } catch (error) {
        clearTimeout(timer);
        subscription.unsubscribe();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Drops every subscription; later publishes and subscribes fail. */
  close(): void {
    this.closed = true;
    this.subscribers.clear();
    this.queueCursors.clear();
  }

  /** Every plain subscriber, plus one member of each queue group, taken in turn. */
  private recipientsOf(subject: string): Subscriber[] {
    const recipients: Subscriber[] = [];
    const groups = new Map<string, Subscriber[]>();
    for (const subscriber of this.subscribers.values()) {
      if (!subjectMatches(subscriber.subject, subject)) continue;
      if (subscriber.queue === undefined) {
        recipients.push(subscriber);
        continue;
      }
      const key = `${subscriber.subject}\u0000${subscriber.queue}`;
      const members = groups.get(key) ?? [];
      members.push(subscriber);
      groups.set(key, members);
    }
    for (const [key, members] of groups) {
      const cursor = this.queueCursors.get(key) ?? 0;
      recipients.push(members[cursor % members.length]);
      this.queueCursors.set(key, (cursor + 1) % members.length);
    }
    return recipients;
  }

  private deliver(recipients: Subscriber[], fields: Omit<BrokerMessage, 'json'>): void {
    for (const recipient of recipients) {
      const message: BrokerMessage = { ...fields, json: () => JSON.parse(fields.text) as unknown };
      queueMicrotask(() => {
        // The subscriber may have left between publish and delivery, as over a socket.
        if (!this.subscribers.has(recipient.id)) return;
        this.invoke(recipient, message);
      });
    }
  }

  private invoke(recipient: Subscriber, message: BrokerMessage): void {
    try {
      const result = recipient.handler(message);
      if (result instanceof Promise)
        result.catch((error: unknown) => this.reportHandlerError(message, error));
    } catch (error) {
      this.reportHandlerError(message, error);
    }
  }

  private reportHandlerError(message: BrokerMessage, error: unknown): void {
    // A failing subscriber must not take the bus (and every service on it) down.
    this.logger.error(
      `Subscriber of '${message.subject}' failed`,
      error instanceof Error ? error.stack : error,
    );
  }

  private assertOpen(): void {
    if (this.closed) throw new BrokerClosedError();
  }
}

/** `undefined` becomes an empty payload, as an empty NATS message. */
function encode(data: unknown): string {
  return data === undefined ? '' : (JSON.stringify(data) ?? '');
}
