import { randomUUID } from 'node:crypto';
import { Rpc, type ImpactView } from '@hdiya/contracts';
import { ImpactService } from '../src/impact/impact.service.js';
import { DonationsFixture, member } from './donations-fixture.js';

const fixture = new DonationsFixture();

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

/** Marks a donation given, as a confirmed reception leaves it. */
async function give(id: number): Promise<void> {
  await fixture.db.query(
    `UPDATE donations.donations SET status = 'completed', reserved_by_id = $2, reserved_at = now(), reservation_id = gen_random_uuid(), confirmed_at = now() WHERE id = $1`,
    [id, randomUUID()],
  );
}

describe('impact figures', () => {
  it('should count given objects, their typical weight, open donations, cities and members from the data', async () => {
    const impact = fixture.app.get(ImpactService);
    const before = await impact.impact(Date.now() + 1e9);
    const owner = member();
    const sofa = await fixture.create(owner, { categoryId: 1, city: 'Dakhla' });
    const book = await fixture.create(owner, { categoryId: 4, city: 'Dakhla' });
    await fixture.create(owner, { categoryId: 2, city: 'Dakhla' });
    await give(sofa.id);
    await give(book.id);

    // Other projects' integration tests register members meanwhile (their events reach this
    // service's read model): the figure lies between the counts just before and just after.
    const members = async () => Number((await fixture.db.query('SELECT count(*) FROM donations.members'))[0].count);
    const membersBefore = await members();
    const after = await impact.impact(Date.now() + 2e9);
    const membersAfter = await members();
    expect(after.objectsGiven - before.objectsGiven).toBe(2);
    expect(after.wasteAvoidedKg - before.wasteAvoidedKg).toBe(15 + 1);
    expect(after.objectsAvailable - before.objectsAvailable).toBe(1);
    expect(after.members).toBeGreaterThanOrEqual(membersBefore);
    expect(after.members).toBeLessThanOrEqual(membersAfter);
  });

  it('should answer over NATS, from a one-minute cache', async () => {
    const first = await fixture.call<ImpactView>(Rpc.donations.impact, {});
    await fixture.create(member());
    expect(await fixture.call<ImpactView>(Rpc.donations.impact, {})).toEqual(first);
  });
});
