import { Rpc, type EventPayload, type ParsedEvent } from '@hdiya/contracts';
import type { GatewayConfig } from '../config.js';
import { membersShown, SeenReports } from './seen-reports.js';

describe(membersShown.name, () => {
  it('should name whoever a relayed notification or message is news to, and nobody for other events', () => {
    expect(membersShown({ name: 'messaging.NotificationCreated.v1', payload: { userId: 'u1' } } as ParsedEvent)).toEqual(['u1']);
    // The sender of a message wrote it: only the receiver is shown something new.
    expect(membersShown({ name: 'messaging.MessageSent.v1', payload: { message: { receiverId: 'r1', senderId: 's1' } } } as ParsedEvent)).toEqual(['r1']);
    expect(membersShown({ name: 'messaging.MessageSent.v2', payload: { message: { receiverId: 'r1', senderId: 's1' } } } as ParsedEvent)).toEqual(['r1']);
    expect(membersShown({ name: 'messaging.MessagesRead.v1', payload: { senderId: 's1' } } as ParsedEvent)).toEqual([]);
  });
});

describe(SeenReports.name, () => {
  /** A Redis where members in `open` hold a live socket lease, and a messaging service that records reports. */
  function reportsWith(open: string[]) {
    const calls: { subject: string; payload: { memberIds: string[] } }[] = [];
    let pipelines = 0;
    const redis = {
      pipeline() {
        pipelines += 1;
        const keys: string[] = [];
        return {
          zcount(key: string) {
            keys.push(key);
            return this;
          },
          exec: async () => keys.map((key) => [null, open.some((m) => key.endsWith(m)) ? 1 : 0]),
        };
      },
    };
    const services = { call: async (subject: string, payload: { memberIds: string[] }) => void calls.push({ subject, payload }) };
    const config = { SOCKETS_PER_MEMBER_MAX: 5, SOCKET_SESSION_CHECK_MS: 60_000 } as GatewayConfig;
    const reports = new SeenReports(redis as never, config, services as never);
    return { reports, calls, pipelines: () => pipelines };
  }
  const sent = (receiverId: string) => ({ message: { receiverId, senderId: 's' } }) as EventPayload<'messaging.MessageSent.v2'>;

  it('should report, in one call after a short wait, the members relayed to who hold an open page', async () => {
    const { reports, calls, pipelines } = reportsWith(['r1', 'r3']);
    for (const receiver of ['r1', 'r2', 'r3', 'r1']) reports.afterRelay({ name: 'messaging.MessageSent.v2', payload: sent(receiver) });
    reports.seen('r4');
    expect(calls).toEqual([]);
    await new Promise((done) => setTimeout(done, 300));
    expect(calls).toEqual([{ subject: Rpc.messaging.notificationsSeen, payload: { memberIds: ['r4', 'r1', 'r3'] } }]);
    expect(pipelines()).toBe(1);
  });

  it('should report nothing when nobody relayed to has a page open', async () => {
    const { reports, calls } = reportsWith([]);
    reports.afterRelay({ name: 'messaging.MessageSent.v2', payload: sent('r1') });
    await new Promise((done) => setTimeout(done, 300));
    expect(calls).toEqual([]);
  });
});
