/** Every domain event travels in this envelope; `id` doubles as the JetStream `Nats-Msg-Id`. */
export interface EventEnvelope<TPayload = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  payload: TPayload;
  /** The request that caused it (the gateway's X-Request-Id), so consumers' logs name it too. */
  requestId?: string;
}

/** An event on its way out: the subject it is published on and its envelope. */
export interface OutgoingEvent<TPayload = unknown> {
  subject: string;
  envelope: EventEnvelope<TPayload>;
}
