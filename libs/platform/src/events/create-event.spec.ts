import { Events } from '@hdiya/contracts';
import { currentRequestId, withRequestId } from '../logging/request-context.js';
import { createEvent } from './create-event.js';

// Lives beside the events (not the logging) so the folders depend one way: events on logging.
describe('request ids in events', () => {
  it('should name the request in the events it causes', () => {
    const event = withRequestId('req-abcdefgh', () => createEvent(Events.users.UserUpdated, { userId: 'u', username: 'x', firstName: null, lastName: null } as never));
    expect(event.envelope.requestId).toBe('req-abcdefgh');
    expect(createEvent(Events.users.UserUpdated, {} as never).envelope).not.toHaveProperty('requestId');
    expect(currentRequestId()).toBeUndefined();
  });
});
