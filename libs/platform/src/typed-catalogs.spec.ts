import type { ClientProxy } from '@nestjs/microservices';
import { Events, Rpc, RpcRequests, validatePayload } from '@hdiya/contracts';
import { createEvent } from './events/create-event.js';
import type { EventHandlers } from './inbox/event-consumer.js';
import { callService } from './rpc/call-service.js';
import { RpcHandler } from './rpc/rpc-handler.decorator.js';

// Each `@ts-expect-error` below marks a line that must NOT compile: if the catalogs stopped typing
// payloads, the directive would be unused and `npm run typecheck` (part of `npm test`) would fail.
export function wrongPayloadsDoNotCompile(client: ClientProxy): unknown {
  // @ts-expect-error: a DonationCreated.v1 payload needs every field of its version
  createEvent(Events.donations.DonationCreated, { donationId: 1 });

  // @ts-expect-error: points.hold needs the reservation and both members
  void callService(client, Rpc.points.hold, { reservationId: '00000000-0000-4000-8000-000000000000' }, 1000);

  // @ts-expect-error: points.balance answers a balance, which has no `held`
  void callService(client, Rpc.points.balance, { userId: 'x' }, 1000).then((balance) => balance.held);

  const handlers: EventHandlers = {
    'donations.DonationCreated.v1': async (event) => {
      // @ts-expect-error: DonationCreated.v1 carries no reservation
      void event.payload.reservationId;
    },
  };

  class WrongHandler {
    // @ts-expect-error: a handler of points.hold must take the hold request
    @RpcHandler(Rpc.points.hold) hold(input: { nothing: string }) {
      return { held: true as const, input };
    }
  }
  return [handlers, WrongHandler];
}

describe('typed RPC and event catalogs', () => {
  it('should refuse at run time, with the same schema, a payload the types refuse', () => {
    const result = validatePayload(RpcRequests[Rpc.points.hold], { reservationId: '00000000-0000-4000-8000-000000000000' });
    expect(result.ok).toBe(false);
  });

  it('should put the version in the subject of every event', () => {
    expect(createEvent(Events.donations.DonationDeleted, {
      donationId: 1, ownerId: 'o', title: 't', status: 'available', deletedBy: 'owner', reservedById: null, reservationId: null, imageKeys: [],
    })).toMatchObject({ subject: 'events.donations.DonationDeleted.v2', envelope: { type: 'DonationDeleted', version: 2 } });
  });
});
