import { HttpException } from '@nestjs/common';
import type { ErrorCode } from '@hdiya/contracts';

export interface ApiErrorBody {
  statusCode: number;
  message: string;
  code: ErrorCode;
  field?: string;
}

/** The one error shape of `/api`: `{statusCode, message (French), code, field?}`. */
export class ApiException extends HttpException {
  constructor(status: number, code: ErrorCode, message: string, field?: string) {
    const body: ApiErrorBody = field ? { statusCode: status, message, code, field } : { statusCode: status, message, code };
    super(body, status);
  }
}
