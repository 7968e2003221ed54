import { createInbox, type MsgHdrs, type Msg, type NatsConnection } from '@nats-io/transport-node';

interface Waiting {
  resolve: (reply: Msg) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Request-reply over one connection's single reply subscription (`<inbox>.*`), each request told
 * apart by its token. The NATS client's own `request` does the same, but after every answer it
 * rejects the request's settled promise with a new `RequestError`, stack and all: 1–3 % of the
 * gateway's CPU on the nearby search and the messaging send (docs/performance.md). Replies are
 * the broker's as they come; a reply with no data is its "no responders" status.
 */
export class ReplyInbox {
  private readonly prefix: string;
  private readonly waiting = new Map<string, Waiting>();
  private sequence = 0;
  private failed: Error | null = null;

  constructor(private readonly connection: NatsConnection) {
    // The connection's inbox prefix (its NATS user may subscribe under it only).
    const inboxPrefix = (connection as { options?: { inboxPrefix?: string } }).options?.inboxPrefix;
    this.prefix = `${createInbox(inboxPrefix)}.`;
    connection.subscribe(`${this.prefix}*`, {
      callback: (error, reply) => {
        if (error) return this.failAll(error);
        const token = reply.subject.slice(this.prefix.length);
        const waiting = this.waiting.get(token);
        if (!waiting) return; // answered after its timeout
        this.waiting.delete(token);
        clearTimeout(waiting.timer);
        waiting.resolve(reply);
      },
    });
    void connection.closed().then((error) => this.failAll(error ?? new Error('connection closed')));
  }

  /** Whether requests can still go through this inbox (its subscription and connection hold). */
  get usable(): boolean {
    return this.failed === null && !this.connection.isClosed();
  }

  request(subject: string, data: string, timeoutMs: number, headers?: MsgHdrs): Promise<Msg> {
    if (this.failed) return Promise.reject(this.failed);
    const token = (++this.sequence).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(token);
        reject(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(token, { resolve, reject, timer });
      try {
        this.connection.publish(subject, data, { reply: `${this.prefix}${token}`, headers });
      } catch (error) {
        this.waiting.delete(token);
        clearTimeout(timer);
        reject(error as Error);
      }
    });
  }

  private failAll(error: Error): void {
    this.failed ??= error;
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.waiting.clear();
  }
}

const inboxes = new WeakMap<NatsConnection, ReplyInbox>();

/** The connection's reply inbox, made on its first request (again if the last one failed). */
export function replyInboxOf(connection: NatsConnection): ReplyInbox {
  let inbox = inboxes.get(connection);
  if (!inbox?.usable) inboxes.set(connection, (inbox = new ReplyInbox(connection)));
  return inbox;
}
