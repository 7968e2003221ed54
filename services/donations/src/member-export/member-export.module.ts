import { Module } from '@nestjs/common';
import { MemberExportHandlers } from './member-export.handlers.js';
import { MemberExportService } from './member-export.service.js';

/** A member's own data, for "Télécharger mes données" (issue 47). */
@Module({ controllers: [MemberExportHandlers], providers: [MemberExportService] })
export class MemberExportModule {}
