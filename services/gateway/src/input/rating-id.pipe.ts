import type { PipeTransform } from '@nestjs/common';
import { ErrorCodes, parseSerialId, RatingMessages } from '@hdiya/contracts';
import { ApiException } from '../errors/api-exception.js';

/** `/api/…/ratings/{id}`: anything but a serial id (1 … 2^31−1) names no rating. */
export const RatingId = (): PipeTransform<string, number> => ({
  transform(value: string): number {
    const id = parseSerialId(value);
    if (id === null) throw new ApiException(404, ErrorCodes.RATING_NOT_FOUND, RatingMessages.notFound);
    return id;
  },
});
