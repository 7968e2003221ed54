import { EVENT_NAMES, eventSubject, eventsReadBy, type EventName } from '@hdiya/contracts';
import { MemberDeletionsConsumer, MemberSuspensionsConsumer } from './auth/member-suspensions.consumer.js';
import { PUSHED_SUBJECTS } from './realtime/event-pushes.js';

// Each event of the catalog has a consumer or is kept for audit (EventReaders): the gateway reads
// what it relays to sockets and what ends a member's sessions, exactly what the catalog says.

/** Whether a NATS subscription subject (with `*` and `>`) takes `subject`. */
function takes(pattern: string, subject: string): boolean {
  const [want, got] = [pattern.split('.'), subject.split('.')];
  for (const [i, token] of want.entries()) {
    if (token === '>') return got.length > i;
    if (token !== '*' && token !== got[i]) return false;
  }
  return want.length === got.length;
}

describe('the events the gateway reads', () => {
  it('should be the ones it relays and the ones that end sessions, and nothing else', () => {
    const relayed = EVENT_NAMES.filter((name) => PUSHED_SUBJECTS.some((pattern) => takes(pattern, eventSubject(name))));
    const ending: EventName[] = [MemberSuspensionsConsumer, MemberDeletionsConsumer].map((type) => (Reflect.construct(type, []) as MemberSuspensionsConsumer).handledEvent);
    expect(EVENT_NAMES.filter((name) => relayed.includes(name) || ending.includes(name))).toEqual(eventsReadBy('gateway'));
  });

  it('should match subscription subjects as NATS does', () => {
    expect(takes('events.messaging.>', 'events.messaging.MessageSent.v2')).toBe(true);
    expect(takes('events.points.PointsChanged.>', 'events.points.PointsTransferred.v1')).toBe(false);
    expect(takes('events.*.X.v1', 'events.users.X.v1')).toBe(true);
    expect(takes('events.messaging.>', 'events.messaging')).toBe(false);
  });
});
