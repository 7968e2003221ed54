import { NatsRecordBuilder, type ClientProxy } from '@nestjs/microservices';
import { headers } from '@nats-io/transport-node';
import { firstValueFrom, timeout } from 'rxjs';
import { isRpcErrorBody, type RpcErrorBody, type RpcRequest, type RpcResponse, type RpcSubject } from '@hdiya/contracts';
import { currentRequestId, REQUEST_ID_HEADER } from '../logging/request-context.js';

/** The payload, with the request in progress named in a NATS header for the answering service. */
function withRequestHeader(payload: unknown): unknown {
  const requestId = currentRequestId();
  if (!requestId) return payload;
  const natsHeaders = headers();
  natsHeaders.set(REQUEST_ID_HEADER, requestId);
  return new NatsRecordBuilder(payload).setHeaders(natsHeaders).build();
}

/** The other service answered with a business refusal. */
export class RpcRefusal extends Error {
  constructor(readonly body: RpcErrorBody) {
    super(`${body.status} ${body.code}: ${body.message}`);
  }
}

/** No answer: timeout, no responder, broker down. Whether the request took effect is unknown. */
export class RpcUnavailable extends Error {}

/** Request-reply over NATS that tells a refusal apart from silence, typed by the RPC catalog. */
export async function callService<S extends RpcSubject>(
  client: ClientProxy,
  subject: S,
  payload: RpcRequest<S>,
  timeoutMs: number,
): Promise<RpcResponse<S>> {
  try {
    return await firstValueFrom(client.send<RpcResponse<S>>(subject, withRequestHeader(payload ?? {})).pipe(timeout(timeoutMs)));
  } catch (error) {
    if (isRpcErrorBody(error)) throw new RpcRefusal(error);
    throw new RpcUnavailable(`${subject}: ${(error as Error)?.message ?? String(error)}`);
  }
}
