import { eventsReadBy } from '@hdiya/contracts';
import { eventsHandledIn } from '@hdiya/testing';

// Each event of the catalog has a consumer or is kept for audit (EventReaders): what the donations
// service's consumers handle is exactly what the catalog says it reads.
describe('the events the donations service reads', () => {
  it('should be handled by its consumers, and nothing else', async () => {
    expect(await eventsHandledIn(import.meta.dirname)).toEqual(eventsReadBy('donations'));
  });
});
