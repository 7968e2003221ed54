import type { ClientProxy } from '@nestjs/microservices';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { isRpcErrorBody, type RpcErrorBody, type RpcRequest, type RpcResponse, type RpcSubject } from '@hdiya/contracts';
import { currentRequestId, REQUEST_ID_HEADER } from '../logging/request-context.js';
import { replyInboxOf } from './reply-inbox.js';

/** The other service answered with a business refusal. */
export class RpcRefusal extends Error {
  constructor(readonly body: RpcErrorBody) {
    super(`${body.status} ${body.code}: ${body.message}`);
  }
}

/** No answer: timeout, no responder, broker down. Whether the request took effect is unknown. */
export class RpcUnavailable extends Error {}

/** What a Nest RPC handler sends back (its NATS server's packet): an answer or a refusal. */
interface ReplyPacket {
  response?: unknown;
  err?: unknown;
}

let sequence = 0;

/**
 * Request-reply over NATS that tells a refusal apart from silence, typed by the RPC catalog.
 *
 * The request is Nest's own packet (`{ pattern, data, id }`, which the services' Nest servers
 * read), sent through the connection's one reply subscription (`ReplyInbox`). Nest's client opens
 * and closes a subscription on the broker for every request (SUB, PUB, UNSUB) and wraps it in
 * observables.
 */
export async function callService<S extends RpcSubject>(
  client: ClientProxy,
  subject: S,
  payload: RpcRequest<S>,
  timeoutMs: number,
): Promise<RpcResponse<S>> {
  let packet: ReplyPacket;
  try {
    const connection = (await client.connect()) as NatsConnection;
    const requestId = currentRequestId();
    const natsHeaders = requestId ? headers() : undefined;
    natsHeaders?.set(REQUEST_ID_HEADER, requestId!);
    const request = JSON.stringify({ pattern: subject, data: payload ?? {}, id: `${process.pid}.${++sequence}` });
    const reply = await replyInboxOf(connection).request(subject, request, timeoutMs, natsHeaders);
    // An empty reply is the broker's "no responders" status.
    if (reply.data.length === 0) throw new Error('no responders');
    packet = reply.json<ReplyPacket>();
  } catch (error) {
    throw new RpcUnavailable(`${subject}: ${(error as Error)?.message ?? String(error)}`);
  }
  if (packet.err !== undefined && packet.err !== null) {
    if (isRpcErrorBody(packet.err)) throw new RpcRefusal(packet.err);
    throw new RpcUnavailable(`${subject}: ${JSON.stringify(packet.err)}`);
  }
  // A handler that answered nothing: as Nest's client, which completes without a value.
  if (packet.response === undefined) throw new RpcUnavailable(`${subject}: no answer`);
  return packet.response as RpcResponse<S>;
}
