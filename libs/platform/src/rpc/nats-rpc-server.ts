import { ServerNats } from '@nestjs/microservices';

/**
 * Nest's NATS server, minus an exception per message. To find a message's handler, Nest first
 * tries `JSON.parse` on its subject, in case the pattern was an object; the services' patterns are
 * plain subjects (`donations.search`), so every request threw and caught a `SyntaxError`, its
 * stack captured: 2 % of the donations service's CPU on the nearby search (docs/performance.md).
 * A subject that could be an object's JSON still goes Nest's way.
 */
export class NatsRpcServer extends ServerNats {
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }
}
