import { Module } from '@nestjs/common';
import { ReportsHandlers } from './reports.handlers.js';
import { ReportsService } from './reports.service.js';

/** Members' reports of donations, and moderators dismissing them. */
@Module({ controllers: [ReportsHandlers], providers: [ReportsService] })
export class ReportsModule {}
