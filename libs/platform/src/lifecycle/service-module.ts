import type { DynamicModule, ForwardReference, Provider, Type } from '@nestjs/common';
import { MigrationsCheck } from '../database/migrations-check.js';
import { healthController } from '../health/health.controller.js';

export interface ServiceModuleParts {
  /** The service's name, as its health report gives it. */
  service: string;
  /** The subject of its health request (`Rpc.<service>.health`). */
  health: string;
  /** Its database: `TypeOrmModule.forRoot(...)` on its own schema. */
  database: DynamicModule;
  imports?: (Type<unknown> | DynamicModule | ForwardReference)[];
  controllers?: Type<unknown>[];
  providers?: Provider[];
}

/**
 * A service's root module: its database, whose migrations must be the code's (MigrationsCheck,
 * decision 0034), the answer to its health request, and its own imports, handlers and providers.
 */
export function serviceModule(module: Type<unknown>, { service, health, database, imports = [], controllers = [], providers = [] }: ServiceModuleParts): DynamicModule {
  return {
    module,
    imports: [database, ...imports],
    controllers: [healthController(service, health), ...controllers],
    providers: [MigrationsCheck, ...providers],
  };
}
