import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { throwError, type Observable } from 'rxjs';
import { ErrorCodes, isRpcErrorBody, type RpcErrorBody } from '@hdiya/contracts';

/** Business errors pass through as they are; anything unexpected is logged and answered as a 500. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown): Observable<RpcErrorBody> {
    const body = exception instanceof RpcException ? exception.getError() : undefined;
    if (isRpcErrorBody(body)) return throwError(() => body);
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return throwError(() => ({ status: 500, code: ErrorCodes.INTERNAL, message: 'Une erreur interne est survenue.' }));
  }
}
