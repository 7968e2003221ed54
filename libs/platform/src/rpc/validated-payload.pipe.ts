import { Injectable, type PipeTransform } from '@nestjs/common';
import { ErrorCodes, validatePayload } from '@hdiya/contracts';
import { rpcError } from './rpc-error.js';

/** Re-validates an RPC payload with the same DTO the gateway used: a service trusts no caller. */
@Injectable()
export class ValidatedPayload<T extends object> implements PipeTransform<unknown, T> {
  constructor(private readonly dto: new () => T) {}

  transform(value: unknown): T {
    const result = validatePayload(this.dto, value);
    if (!result.ok) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, result.failure.message, result.failure.field);
    return result.value;
  }
}
