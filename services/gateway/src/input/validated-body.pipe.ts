import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ErrorCodes, validatePayload } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';

/** `@JsonBody(new ValidatedBody(SignupSchema))`: a 400 naming the field, with the form's French message. */
@Injectable()
export class ValidatedBody<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return validateBody(this.schema, value);
  }
}

export function validateBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = validatePayload(schema, value ?? {});
  if (!result.ok) throw new ApiException(400, ErrorCodes.VALIDATION_FAILED, result.failure.message, result.failure.field);
  return result.value;
}
