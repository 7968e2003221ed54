import { Injectable } from '@nestjs/common';
import { DEAD_LETTERS_STREAM, type DeadLetter, type DeadLettersView } from '@hdiya/contracts';
import { ServiceClient } from '../rpc/service-client.js';

/** The newest dead letters an administrator sees at once. */
export const DEAD_LETTERS_LISTED = 100;

const TIMEOUT_MS = 2000;

interface StreamInfoAnswer {
  state?: { messages: number; first_seq: number; last_seq: number };
  error?: { code: number };
}

interface MessageGetAnswer {
  message?: { seq: number; data?: string };
  error?: { code: number };
}

/**
 * Reads the DEAD_LETTERS stream through JetStream's API, one message by its sequence at a time:
 * the gateway's broker user may only look at that stream (no consumer, no write). A stream not
 * created yet (no consumer ever gave up on an event) is an empty list.
 */
@Injectable()
export class DeadLettersReader {
  constructor(private readonly services: ServiceClient) {}

  async newest(limit = DEAD_LETTERS_LISTED): Promise<DeadLettersView> {
    const info = await this.request<StreamInfoAnswer>(`$JS.API.STREAM.INFO.${DEAD_LETTERS_STREAM}`, '');
    if (info.error?.code === 404 || !info.state) return { deadLetters: [], total: 0 };
    const { messages, first_seq: first, last_seq: last } = info.state;
    const sequences: number[] = [];
    for (let seq = last; seq >= first && seq > 0 && sequences.length < limit; seq -= 1) sequences.push(seq);
    const answers = await Promise.all(
      sequences.map((seq) => this.request<MessageGetAnswer>(`$JS.API.STREAM.MSG.GET.${DEAD_LETTERS_STREAM}`, JSON.stringify({ seq }))),
    );
    const deadLetters = answers.flatMap(({ message }) => {
      // A sequence whose message has aged out or was removed answers an error: skip it.
      if (!message?.data) return [];
      const letter = JSON.parse(Buffer.from(message.data, 'base64').toString('utf8')) as DeadLetter;
      return [{ ...letter, sequence: message.seq }];
    });
    return { deadLetters, total: messages };
  }

  private async request<T>(subject: string, body: string): Promise<T> {
    const nc = this.services.natsConnection();
    if (!nc) throw new Error('not connected to NATS');
    const answer = await nc.request(subject, body, { timeout: TIMEOUT_MS });
    return answer.json<T>();
  }
}
