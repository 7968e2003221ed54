import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ErrorCodes, validatePayload } from '@hdiya/contracts';
import { rpcError } from './rpc-error.js';

/** Validates a payload with a contract schema; a refusal is a 400 naming the field. */
export function validateOrRefuse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = validatePayload(schema, value ?? {});
  if (!result.ok) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, result.failure.message, result.failure.field);
  return result.value;
}

/** `@Payload(new ValidatedPayload(schema))` for a handler outside the RPC catalog. */
@Injectable()
export class ValidatedPayload<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return validateOrRefuse(this.schema, value);
  }
}
