import { ServerNats, type NatsContext } from '@nestjs/microservices';
import type { Msg } from '@nats-io/transport-node';
import { isRpcErrorBody } from '@hdiya/contracts';
import { acceptableRequestId, REQUEST_ID_HEADER, withRequestId } from '../logging/request-context.js';
import { rpcHandlerDuration } from '../metrics/metrics.js';

/** What a handler's answer says: an answer, a business refusal (a 4xx body), or a failure. */
function outcomeOf(packet: { err?: unknown }): 'ok' | 'refused' | 'failed' {
  if (packet.err === undefined || packet.err === null) return 'ok';
  return isRpcErrorBody(packet.err) && packet.err.status < 500 ? 'refused' : 'failed';
}

/**
 * Nest's NATS server, with what every request needs and nothing per request that it does not:
 *
 * - Each request runs as part of the request its caller named (the `x-request-id` header), and
 *   is timed from its arrival to its answer, labelled by subject and outcome
 *   (`hdiya_rpc_handler_duration_seconds`). Two global interceptors did this until 2026-11-28;
 *   any interceptor puts every request through Nest's observable chain (docs/performance.md).
 * - No exception per message: to find a message's handler, Nest first tries `JSON.parse` on its
 *   subject, in case the pattern was an object; the services' patterns are plain subjects
 *   (`donations.search`), so every request threw and caught a `SyntaxError`, its stack captured
 *   (2 % of the donations service's CPU on the nearby search). A subject that could be an
 *   object's JSON still goes Nest's way.
 */
export class NatsRpcServer extends ServerNats {
  override handleMessage(channel: string, message: Msg): Promise<unknown> {
    const requestId = message.headers?.get(REQUEST_ID_HEADER);
    return withRequestId(acceptableRequestId(requestId) ? requestId : null, () => super.handleMessage(channel, message));
  }

  override getPublisher(message: Msg, id: string, context: NatsContext): (packet: { err?: unknown; isDisposed?: boolean }) => unknown {
    const publish = super.getPublisher(message, id, context);
    const stop = rpcHandlerDuration.startTimer({ subject: message.subject });
    return (packet) => {
      // One packet answers a request (its last one says so); a refusal or failure ends it too.
      if (packet.isDisposed || packet.err !== undefined) stop({ outcome: outcomeOf(packet) });
      return publish(packet);
    };
  }

  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }
}
