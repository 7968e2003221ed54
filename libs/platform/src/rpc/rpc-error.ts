import { RpcException } from '@nestjs/microservices';
import type { ErrorCode, RpcErrorBody } from '@hdiya/contracts';

/** A business refusal sent back over NATS; the gateway turns `status` into the HTTP status. */
export function rpcError(status: number, code: ErrorCode, message: string, field?: string): RpcException {
  const body: RpcErrorBody = field ? { status, code, message, field } : { status, code, message };
  return new RpcException(body);
}

/** A refusal by a limit that frees up at a known time, which the answer carries as `retryAt`. */
export function rpcLimitError(status: number, code: ErrorCode, message: string, retryAt: Date): RpcException {
  const body: RpcErrorBody = { status, code, message, retryAt: retryAt.toISOString() };
  return new RpcException(body);
}
