// @ts-check
// The framework ceiling the search benchmark prints beside the floor chain (floor-chain.mjs): the
// same chain with the product's frameworks at each end and nothing on them. A bare Nest app (one
// route, no middleware, guard, pipe, session or log) calls a bare Nest microservice through the
// product's own RPC edge (`callService` → `NatsRpcServer`), which runs the floor's very statement.
// Whatever the product could serve with these frameworks, it cannot pass this; the HTTP adapter is
// the choice left (decision 0052), so the gateway runs on Express (the product's) or on Fastify.
//
//   node nest-floor.mjs service            (NATS_URL, DATABASE_URL): answers `bench.nest.search`
//   node nest-floor.mjs gateway express    (NATS_URL, PORT): GET /?lat=..&lng=.. → that request
//   node nest-floor.mjs gateway fastify
// Each tells its parent (IPC) once it is ready. Plain JavaScript like the rest of the benchmarks:
// Nest's decorators are applied as the functions they are.
import 'reflect-metadata';
import { Controller, Get, Module, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { callService, natsTransport } from '@hdiya/platform';
import { pageStatement } from './search-statements.mjs';

const SUBJECT = 'bench.nest.search';

/**
 * Applies Nest's method and parameter decorators to `target[method]`, as TypeScript would.
 * @param {object} prototype
 * @param {string} method
 * @param {MethodDecorator[]} decorators
 * @param {ParameterDecorator} parameter  the first parameter's
 */
function decorate(prototype, method, decorators, parameter) {
  parameter(prototype, method, 0);
  const descriptor = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(prototype, method));
  for (const decorator of decorators) decorator(prototype, method, descriptor);
}

/** A module of one controller. */
function moduleOf(/** @type {import('@nestjs/common').Type} */ controller) {
  Controller()(controller);
  class BenchModule {}
  Module({ controllers: [controller] })(BenchModule);
  return BenchModule;
}

if (process.argv[2] === 'service') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  class SearchHandler {
    /** @param {{ lat: number, lng: number }} point */
    async search(point) {
      const { sql, params } = pageStatement(point);
      return (await pool.query({ name: 'floor', text: sql, values: params })).rows.slice(0, 24);
    }
  }
  decorate(SearchHandler.prototype, 'search', [MessagePattern(SUBJECT)], Payload());
  const app = await NestFactory.createMicroservice(moduleOf(SearchHandler), { ...natsTransport(String(process.env.NATS_URL), 'bench-nest', undefined, 0), logger: false });
  await app.listen();
} else {
  const nats = await connect({ servers: process.env.NATS_URL });
  // `callService` asks a Nest client for its connection: this one has nothing else.
  const client = /** @type {import('@nestjs/microservices').ClientProxy} */ (/** @type {unknown} */ ({ connect: async () => nats }));
  class SearchController {
    /** @param {Record<string, string>} query */
    search(query) {
      return callService(client, /** @type {never} */ (SUBJECT), /** @type {never} */ ({ lat: Number(query.lat), lng: Number(query.lng) }), 5000);
    }
  }
  decorate(SearchController.prototype, 'search', [Get()], Query());
  const module = moduleOf(SearchController);
  let app;
  if (process.argv[3] === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    app = await NestFactory.create(module, new FastifyAdapter(), { logger: false });
  } else {
    app = await NestFactory.create(module, { logger: false });
  }
  await app.listen(Number(process.env.PORT), '127.0.0.1');
}
process.send?.('ready');
