import { HttpException } from '@nestjs/common';
import type { ApiErrorBody, ErrorCode, SuspensionNotice } from '@hdiya/contracts';

/** The one error shape of `/api`: `{statusCode, message (French), code, field?}`. */
export class ApiException extends HttpException {
  constructor(status: number, code: ErrorCode, message: string, field?: string, retryAt?: string, suspension?: SuspensionNotice) {
    const body: ApiErrorBody = field ? { statusCode: status, message, code, field } : { statusCode: status, message, code };
    if (retryAt) body.retryAt = retryAt;
    if (suspension) body.suspension = suspension;
    super(body, status);
  }
}
