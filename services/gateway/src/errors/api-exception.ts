import { HttpException } from '@nestjs/common';
import type { ErrorCode } from '@hdiya/contracts';

export interface ApiErrorBody {
  statusCode: number;
  message: string;
  code: ErrorCode;
  field?: string;
  /** When a time-bound limit frees up (ISO 8601): the web app shows it in the member's language. */
  retryAt?: string;
}

/** The one error shape of `/api`: `{statusCode, message (French), code, field?}`. */
export class ApiException extends HttpException {
  constructor(status: number, code: ErrorCode, message: string, field?: string, retryAt?: string) {
    const body: ApiErrorBody = field ? { statusCode: status, message, code, field } : { statusCode: status, message, code };
    if (retryAt) body.retryAt = retryAt;
    super(body, status);
  }
}
