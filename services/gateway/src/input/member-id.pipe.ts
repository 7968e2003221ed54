import type { PipeTransform } from '@nestjs/common';
import { ErrorCodes, Messages, uuid } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';

const MemberIdSchema = uuid();

/** `/api/…/{userId}`: member ids are UUIDs, anything else names nobody (404). */
export const MemberId = (): PipeTransform<string, string> => ({
  transform(value: string): string {
    if (!MemberIdSchema.safeParse(value).success) throw new ApiException(404, ErrorCodes.USER_NOT_FOUND, Messages.userNotFound);
    return value;
  },
});
