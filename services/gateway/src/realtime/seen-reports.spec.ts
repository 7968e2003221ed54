import type { EventPayload } from '@hdiya/contracts';
import { membersShown } from './seen-reports.js';

describe(membersShown.name, () => {
  it('should name whoever a relayed notification or message is news to, and nobody for other events', () => {
    expect(membersShown('messaging.NotificationCreated.v1', { userId: 'u1' } as EventPayload<'messaging.NotificationCreated.v1'>)).toEqual(['u1']);
    // The sender of a message wrote it: only the receiver is shown something new.
    expect(membersShown('messaging.MessageSent.v1', { message: { receiverId: 'r1', senderId: 's1' } } as EventPayload<'messaging.MessageSent.v1'>)).toEqual(['r1']);
    expect(membersShown('messaging.MessageSent.v2', { message: { receiverId: 'r1', senderId: 's1' } } as EventPayload<'messaging.MessageSent.v2'>)).toEqual(['r1']);
    expect(membersShown('messaging.MessagesRead.v1', { senderId: 's1' } as EventPayload<'messaging.MessagesRead.v1'>)).toEqual([]);
  });
});
