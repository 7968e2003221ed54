import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { RpcException, type NatsContext } from '@nestjs/microservices';
import { tap, type Observable } from 'rxjs';
import { isRpcErrorBody } from '@hdiya/contracts';
import { rpcHandlerDuration } from './metrics.js';

/** A business refusal (a 4xx answer), as opposed to a failure. */
function isRefusal(error: unknown): boolean {
  const body = error instanceof RpcException ? error.getError() : null;
  return isRpcErrorBody(body) && body.status < 500;
}

/** Times every RPC handler, labelled by subject and outcome (ok, refused, failed). */
export class RpcMetricsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = context.switchToRpc().getContext<NatsContext>().getSubject();
    const stop = rpcHandlerDuration.startTimer({ subject });
    return next.handle().pipe(
      tap({
        next: () => stop({ outcome: 'ok' }),
        error: (error: unknown) => stop({ outcome: isRefusal(error) ? 'refused' : 'failed' }),
      }),
    );
  }
}
