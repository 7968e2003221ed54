import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { Observable } from 'rxjs';
import { acceptableRequestId, REQUEST_ID_HEADER, withRequestId } from './request-context.js';

/** Runs each RPC handler as part of the request its caller named in the NATS headers. */
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const requestId = context.switchToRpc().getContext<NatsContext>().getHeaders()?.get(REQUEST_ID_HEADER);
    if (!acceptableRequestId(requestId)) return next.handle();
    return new Observable((subscriber) => withRequestId(requestId, () => next.handle().subscribe(subscriber)));
  }
}
