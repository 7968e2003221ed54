import type { PipeTransform } from '@nestjs/common';
import type { ErrorCode } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment naming a row by UUID (a request, an ask): anything else names none, a 404 in the row's words. */
export const UuidParam = (code: ErrorCode, message: string): PipeTransform<string, string> => ({
  transform(value: string): string {
    if (!UUID.test(value)) throw new ApiException(404, code, message);
    return value.toLowerCase();
  },
});
