import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorCodes, Messages, type ApiErrorBody, type ErrorCode } from '@hdiya/contracts';

const DEFAULTS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: ErrorCodes.VALIDATION_FAILED, message: 'Requête invalide.' },
  401: { code: ErrorCodes.UNAUTHENTICATED, message: 'Veuillez vous connecter.' },
  403: { code: ErrorCodes.FORBIDDEN, message: 'Accès refusé.' },
  404: { code: ErrorCodes.NOT_FOUND, message: 'Ressource introuvable.' },
  413: { code: ErrorCodes.PAYLOAD_TOO_LARGE, message: 'La requête est trop volumineuse.' },
  429: { code: ErrorCodes.RATE_LIMITED, message: 'Trop de requêtes. Réessayez plus tard.' },
  503: { code: ErrorCodes.SERVICE_UNAVAILABLE, message: Messages.serviceUnavailable },
};
const INTERNAL = { code: ErrorCodes.INTERNAL, message: 'Une erreur interne est survenue.' };

/** Every error leaves as `{statusCode, message, code}` in French; internals are logged, never shown. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (!response.headersSent) response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ApiErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      if (typeof payload === 'object' && payload !== null && 'code' in payload) return payload as ApiErrorBody;
      if (status >= 500) this.logger.error(exception.stack ?? exception.message);
      const fallback = DEFAULTS[status] ?? (status >= 500 ? INTERNAL : DEFAULTS[400]!);
      return { statusCode: status, ...fallback };
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return { statusCode: 500, ...INTERNAL };
  }
}
