import { Module } from '@nestjs/common';
import { ImpactHandlers } from './impact.handlers.js';
import { ImpactService } from './impact.service.js';

/** The home page's figures. */
@Module({ controllers: [ImpactHandlers], providers: [ImpactService] })
export class ImpactModule {}
