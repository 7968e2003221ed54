import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { throwError, type Observable } from 'rxjs';
import { ErrorCodes, isRpcErrorBody, Messages, type RpcErrorBody } from '@hdiya/contracts';
import { isDatabaseOverload } from './database-overload.js';

/**
 * Business errors pass through as they are; a database that cannot take the work now is a 503
 * (nothing was committed: try again); anything else unexpected is logged and answered as a 500.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown): Observable<RpcErrorBody> {
    const body = exception instanceof RpcException ? exception.getError() : undefined;
    if (isRpcErrorBody(body)) return throwError(() => body);
    if (isDatabaseOverload(exception)) {
      this.logger.warn(`database unavailable: ${(exception as Error).message}`);
      return throwError(() => ({ status: 503, code: ErrorCodes.SERVICE_UNAVAILABLE, message: Messages.serviceUnavailable }));
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return throwError(() => ({ status: 500, code: ErrorCodes.INTERNAL, message: 'Une erreur interne est survenue.' }));
  }
}
