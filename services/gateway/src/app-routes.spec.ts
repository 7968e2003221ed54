import 'reflect-metadata';
import { RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ApiRoutes } from '@hdiya/contracts';
import { AppModule } from './app.module.js';
import type { GatewayConfig } from './config.js';

type ModuleRef = Type | DynamicModule;
const isDynamic = (ref: ModuleRef): ref is DynamicModule => typeof ref === 'object' && 'module' in ref;

/** Every controller the gateway mounts, found by walking its modules as Nest does. */
function controllersOf(root: ModuleRef, seen = new Set<unknown>()): Type[] {
  const module = isDynamic(root) ? root.module : root;
  if (seen.has(module)) return [];
  seen.add(module);
  const imports: ModuleRef[] = [...(Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? []), ...(isDynamic(root) ? (root.imports ?? []) : [])];
  const controllers: Type[] = [...(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? []), ...(isDynamic(root) ? (root.controllers ?? []) : [])];
  return [...controllers, ...imports.flatMap((ref) => controllersOf(ref as ModuleRef, seen))];
}

const join = (...parts: string[]) => `/${parts.map((p) => p.replace(/^\/|\/$/g, '')).filter(Boolean).join('/')}`;

/** Each route handler of each controller, with its controller. */
function routeHandlers(): { controller: Type; name: string; handler: object }[] {
  return controllersOf(AppModule.register({ NATS_URL: 'nats://unused:4222' } as GatewayConfig)).flatMap((controller) =>
    Object.getOwnPropertyNames(controller.prototype)
      .filter((name) => name !== 'constructor')
      .flatMap((name) => {
        const handler = controller.prototype[name] as unknown;
        return typeof handler === 'function' && Reflect.hasMetadata(PATH_METADATA, handler) ? [{ controller, name, handler }] : [];
      }),
  );
}

/** `'GET /api/donations/{id}'` for each handler of each controller, from Nest's own route metadata. */
function gatewayRoutes(): string[] {
  return routeHandlers().flatMap(({ controller, handler }) => {
    const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
    const paths = [Reflect.getMetadata(PATH_METADATA, handler)].flat() as string[];
    return prefixes.flatMap((prefix) => paths.map((path) => `${method} ${join(prefix, path).replace(/:(\w+)/g, '{$1}')}`));
  });
}

describe('the route map against the gateway’s controllers', () => {
  const served = gatewayRoutes();
  const mapped = Object.keys(ApiRoutes);

  it('finds the controllers’ routes', () => {
    expect(served.length).toBeGreaterThanOrEqual(70);
    expect(served).toContain('GET /api/donations/{id}');
  });

  it('has an entry for every route a controller serves', () => {
    expect(served.filter((route) => !mapped.includes(route))).toEqual([]);
  });

  it('has no entry that no controller serves', () => {
    expect(mapped.filter((route) => !served.includes(route))).toEqual([]);
  });

  it('serves each route once', () => {
    expect(served.filter((route, i) => served.indexOf(route) !== i)).toEqual([]);
  });
});

describe('how routes read their bodies', () => {
  // Nest's @Body would hand a route an unread oversized body as nothing: JsonBody answers its 413.
  it('reads every JSON body through JsonBody, never through @Body', () => {
    const withBody = routeHandlers().filter(({ controller, name }) =>
      Object.keys((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as object).some((key) => key.startsWith(`${RouteParamtypes.BODY}:`)),
    );
    expect(withBody.map(({ controller, name }) => `${controller.name}.${name}`)).toEqual([]);
  });
});
