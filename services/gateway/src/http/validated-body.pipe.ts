import { Injectable, type PipeTransform } from '@nestjs/common';
import { ErrorCodes, validatePayload } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';

/** `@Body(new ValidatedBody(SignupDto))`: a 400 naming the field, with the form's French message. */
@Injectable()
export class ValidatedBody<T extends object> implements PipeTransform<unknown, T> {
  constructor(private readonly dto: new () => T) {}

  transform(value: unknown): T {
    return validateBody(this.dto, value);
  }
}

export function validateBody<T extends object>(dto: new () => T, value: unknown): T {
  const result = validatePayload(dto, value ?? {});
  if (!result.ok) throw new ApiException(400, ErrorCodes.VALIDATION_FAILED, result.failure.message, result.failure.field);
  return result.value;
}
