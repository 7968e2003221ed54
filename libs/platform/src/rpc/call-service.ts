import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { isRpcErrorBody, type RpcErrorBody } from '@hdiya/contracts';

/** The other service answered with a business refusal. */
export class RpcRefusal extends Error {
  constructor(readonly body: RpcErrorBody) {
    super(`${body.status} ${body.code}: ${body.message}`);
  }
}

/** No answer: timeout, no responder, broker down. Whether the request took effect is unknown. */
export class RpcUnavailable extends Error {}

/** Request-reply over NATS that tells a refusal apart from silence. */
export async function callService<T>(client: ClientProxy, subject: string, payload: unknown, timeoutMs: number): Promise<T> {
  try {
    return await firstValueFrom(client.send<T>(subject, payload ?? {}).pipe(timeout(timeoutMs)));
  } catch (error) {
    if (isRpcErrorBody(error)) throw new RpcRefusal(error);
    throw new RpcUnavailable(`${subject}: ${(error as Error)?.message ?? String(error)}`);
  }
}
