import { Controller, Get, Logger, UseGuards } from '@nestjs/common';
import { ErrorCodes, Messages, type DeadLettersView } from '@hdiya/contracts';
import { AdminGuard } from '../session/admin.guard.js';
import { ApiException } from '../errors/api-exception.js';
import { DeadLettersReader } from './dead-letters-reader.js';

/** Events the services' consumers gave up on (decision 0032), for administrators to look into. */
@Controller('api/admin/dead-letters')
@UseGuards(AdminGuard)
export class DeadLettersController {
  private readonly logger = new Logger('dead-letters');

  constructor(private readonly reader: DeadLettersReader) {}

  /** The newest first, with the number the stream holds. */
  @Get()
  async list(): Promise<DeadLettersView> {
    try {
      return await this.reader.newest();
    } catch (error) {
      this.logger.warn(`dead letters unreadable: ${(error as Error).message}`);
      throw new ApiException(503, ErrorCodes.SERVICE_UNAVAILABLE, Messages.serviceUnavailable);
    }
  }
}
