import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, Transport, type ClientProxy, type MicroserviceOptions } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { ErrorCodes, type RpcSubject } from '@hdiya/contracts';
import { testEnv } from '@hdiya/testing';
import { callService, RpcRefusal, RpcUnavailable } from '../src/rpc/call-service.js';
import { natsTransport } from '../src/rpc/bootstrap-microservice.js';
import { rpcError } from '../src/rpc/rpc-error.js';
import { RpcErrorFilter } from '../src/rpc/rpc-exception.filter.js';
import { currentRequestId, withRequestId } from '../src/logging/request-context.js';
import { natsConnectionOf } from '../src/nats/nats-connection.js';
import { rpcHandlerDuration } from '../src/metrics/metrics.js';

// The RPC call as the gateway and the services make it, against a Nest NATS server set up as
// `bootstrapMicroservice` sets one up: the answer, a refusal, silence, and the request id carried
// along. Subjects of their own (other projects' tests share this NATS), cast to the catalog's type.
const prefix = `call-service-probe-${randomUUID().slice(0, 8)}`;
const subject = (name: string) => `${prefix}.${name}` as RpcSubject;

@Controller()
class ProbeHandlers {
  @MessagePattern(`${prefix}.echo`)
  echo(payload: { word: string }) {
    return { word: payload.word, requestId: currentRequestId() ?? null };
  }

  @MessagePattern(`${prefix}.refuse`)
  refuse() {
    throw rpcError(409, ErrorCodes.VALIDATION_FAILED, 'Déjà fait.', 'word');
  }

  @MessagePattern(`${prefix}.after`)
  async after(payload: { word: string; ms: number }) {
    await new Promise((resolve) => setTimeout(resolve, payload.ms));
    return { word: payload.word };
  }

  @MessagePattern(`${prefix}.slow`)
  async slow() {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return { late: true };
  }
}

@Module({ controllers: [ProbeHandlers] })
class ProbeModule {}

let server: INestMicroservice;
let client: ClientProxy;

beforeAll(async () => {
  const natsUrl = testEnv().natsUrl;
  server = await NestFactory.createMicroservice<MicroserviceOptions>(ProbeModule, { ...natsTransport(natsUrl, prefix, natsConnectionOf({}, 'probe'), 0), logger: false });
  server.useGlobalFilters(new RpcErrorFilter());
  await server.listen();
  client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [natsUrl], ...natsConnectionOf({}, 'gateway') } });
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('callService', () => {
  it("should answer the handler's value, as the request in progress", async () => {
    const answer = await withRequestId('probe-request-0001', () => callService(client, subject('echo'), { word: 'salam' } as never, 2000));
    expect(answer).toEqual({ word: 'salam', requestId: 'probe-request-0001' });
  });

  it("should throw the handler's refusal with its body", async () => {
    const refused = callService(client, subject('refuse'), {} as never, 2000);
    await expect(refused).rejects.toBeInstanceOf(RpcRefusal);
    await expect(refused).rejects.toMatchObject({ body: { status: 409, code: ErrorCodes.VALIDATION_FAILED, message: 'Déjà fait.', field: 'word' } });
  });

  it('should fail at once, as unavailable, when nothing answers the subject', async () => {
    const started = Date.now();
    await expect(callService(client, subject('nobody'), {} as never, 5000)).rejects.toBeInstanceOf(RpcUnavailable);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('should fail as unavailable, naming the subject, when the answer comes after the timeout', async () => {
    await expect(callService(client, subject('slow'), {} as never, 200)).rejects.toThrow(new RegExp(`^${prefix}\\.slow: `));
    await expect(callService(client, subject('slow'), {} as never, 200)).rejects.toBeInstanceOf(RpcUnavailable);
  });

  it('should give each of many requests in flight its own answer, whatever order they come back in', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `mot-${i}`);
    const answers = await Promise.all(words.map((word, i) => callService(client, subject('after'), { word, ms: (40 - i) * 5 } as never, 5000)));
    expect(answers).toEqual(words.map((word) => ({ word })));
  });

  it('should still answer the next request after one timed out and its answer came late', async () => {
    await expect(callService(client, subject('after'), { word: 'tard', ms: 300 } as never, 100)).rejects.toBeInstanceOf(RpcUnavailable);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(callService(client, subject('after'), { word: 'suivant', ms: 0 } as never, 2000)).resolves.toEqual({ word: 'suivant' });
  });

  it('should fail a request in flight at once when its connection closes, and connect again for the next', async () => {
    const pending = callService(client, subject('after'), { word: 'coupé', ms: 1000 } as never, 10_000);
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await client.close();
    await expect(pending).rejects.toBeInstanceOf(RpcUnavailable);
    expect(Date.now() - started).toBeLessThan(900);
    await expect(callService(client, subject('echo'), { word: 'encore' } as never, 2000)).resolves.toMatchObject({ word: 'encore' });
  });

  it('should time each answer by subject and outcome', async () => {
    const answered = async (name: string, outcome: string) =>
      (await rpcHandlerDuration.get()).values.find((v) => v.metricName === 'hdiya_rpc_handler_duration_seconds_count' && v.labels.subject === `${prefix}.${name}` && v.labels.outcome === outcome)?.value ?? 0;
    const [ok, refused] = [await answered('echo', 'ok'), await answered('refuse', 'refused')];
    await callService(client, subject('echo'), { word: 'compté' } as never, 2000);
    await expect(callService(client, subject('refuse'), {} as never, 2000)).rejects.toBeInstanceOf(RpcRefusal);
    expect(await answered('echo', 'ok')).toBe(ok + 1);
    expect(await answered('refuse', 'refused')).toBe(refused + 1);
  });
});
