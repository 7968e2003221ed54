import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import type { HealthReport } from '@hdiya/contracts';
import { EVENT_BUS } from '../nats/event-bus.module.js';
import type { EventBus } from '../nats/events-stream.js';
import { checkServiceHealth } from './health-check.js';

/** A controller answering `<service>.health` with the state of the service's dependencies. */
export function healthController(service: string, subject: string): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(
      private readonly dataSource: DataSource,
      @Inject(EVENT_BUS) private readonly bus: EventBus,
    ) {}

    @MessagePattern(subject)
    check(): Promise<HealthReport> {
      return checkServiceHealth(service, this.dataSource, this.bus.nc);
    }
  }
  return HealthController;
}
