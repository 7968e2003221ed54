import { unzipSync, strFromU8 } from 'fflate';
import { MEMBER_EXPORT_FILES, MEMBER_EXPORTS_PER_DAY } from '@hdiya/contracts';
import { waitFor } from '@hdiya/testing';
import { ApiClient, asRefusal, signedUpMember } from '../support/api-client.js';
import { completeGift, publish, withDatabase } from '../support/members.js';

// Issue 47, "Download my data" (law 09-08's right of access): GET /api/auth/user/export answers a
// ZIP with one JSON file per kind, from every service, and the member's donation photos; only for
// the member signed in, a few times a day.

const EXPORT = '/api/auth/user/export';
type Files = Record<string, Uint8Array>;
const jsonOf = (files: Files, name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;

describe('GET /api/auth/user/export', () => {
  it("should zip everything the member holds, file by file, with their donations' photos, and nothing of another member's", async () => {
    const donor = await signedUpMember();
    const reserver = await signedUpMember({ firstName: 'Nadia', lastName: 'Alaoui' });
    const gift = await completeGift(donor.client, reserver.client, 'Vélo pour enfant');
    await publish(donor.client, 'Chaise en bois');
    expect((await reserver.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body: { value: 'up', comment: 'Très aimable' } })).status).toBe(201);
    expect((await donor.client.call('POST /api/messages', { body: { receiverId: reserver.user.id, donationId: gift.id, content: 'Merci, bonne route !' } })).status).toBe(201);
    expect((await reserver.client.call('POST /api/messages', { body: { receiverId: donor.user.id, donationId: gift.id, content: 'Merci à vous' } })).status).toBe(201);
    const theirs = await publish(reserver.client, 'Lampe de chevet');
    expect((await donor.client.call('POST /api/favorites', { body: { donationId: theirs.id } })).status).toBe(201);

    // The rating reaches the donor's side once the gift's events have: wait for the ledger too.
    const answer = await waitFor(
      async () => {
        const res = await donor.client.download(EXPORT);
        expect(res.status).toBe(200);
        const files = unzipSync(new Uint8Array(res.bytes));
        const points = jsonOf(files, 'points.json') as { history: unknown[] };
        return points.history.length >= 2 ? { res, files } : undefined;
      },
      { what: 'the gift in the points history', timeoutMs: 20_000 },
    );
    const { res, files } = answer;
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="hdiya-mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');

    // Every documented file, each valid JSON.
    const names = Object.keys(files);
    for (const name of Object.values(MEMBER_EXPORT_FILES).flat()) expect(names).toContain(name);

    const account = jsonOf(files, 'account.json') as Record<string, unknown>;
    expect(account).toMatchObject({ id: donor.user.id, username: donor.user.username, email: donor.user.email, phone: donor.user.phone });
    expect(JSON.stringify(account)).not.toMatch(/passwordHash|password_hash|\$argon2|\$2[aby]\$/);

    const donations = jsonOf(files, 'donations.json') as { id: number; title: string; photos: string[] }[];
    expect(donations.map((d) => d.title)).toEqual(['Vélo pour enfant', 'Chaise en bois']);
    // Each donation's photos are in the ZIP, under the names its file gives.
    for (const donation of donations) {
      expect(donation.photos.length).toBeGreaterThan(0);
      for (const photo of donation.photos) {
        expect(names).toContain(photo);
        expect(strFromU8(files[photo]!.slice(8, 12))).toBe('WEBP');
      }
    }

    const reservations = jsonOf(files, 'reservations.json') as { donation_id: number; role: string; state: string }[];
    expect(reservations).toEqual([expect.objectContaining({ donation_id: gift.id, role: 'owner', state: 'completed' })]);
    expect(jsonOf(files, 'favourites.json')).toEqual([expect.objectContaining({ donation_id: theirs.id })]);
    const ratings = jsonOf(files, 'ratings.json') as { given: unknown[]; received: Record<string, unknown>[] };
    expect(ratings.given).toEqual([]);
    expect(ratings.received).toEqual([expect.objectContaining({ donation_id: gift.id, value: 'up', comment: 'Très aimable' })]);
    // Who rated them stays the rater's: no id of theirs.
    expect(ratings.received[0]).not.toHaveProperty('rater_id');

    const messages = jsonOf(files, 'messages.json') as { direction: string; otherMember: string; content: string }[];
    expect(messages.map(({ direction, otherMember, content }) => ({ direction, otherMember, content }))).toEqual([
      { direction: 'sent', otherMember: 'Nadia A.', content: 'Merci, bonne route !' },
      { direction: 'received', otherMember: 'Nadia A.', content: 'Merci à vous' },
    ]);
    const points = jsonOf(files, 'points.json') as { balance: { points: number }; history: { donation: { id: number } | null }[] };
    expect(points.history.some((entry) => entry.donation?.id === gift.id)).toBe(true);

    // Nothing of the other member's own data: their address, phone or id-bearing rows as theirs.
    const everything = names.filter((name) => name.endsWith('.json')).map((name) => strFromU8(files[name]!)).join('\n');
    expect(everything).not.toContain(reserver.user.email);
    expect(everything).not.toContain(reserver.user.phone);
  });

  it('should export messages weighing several times a NATS message (1 MB), whole and in order', async () => {
    const member = await signedUpMember();
    const other = await signedUpMember({ firstName: 'Youssef', lastName: 'Bennani' });
    expect((await member.client.call('POST /api/messages', { body: { receiverId: other.user.id, content: 'Premier message' } })).status).toBe(201);
    // 1,500 long messages (Arabic, 2 bytes a letter): about 4.5 MB of JSON, written straight into the
    // messaging service's table (sending them would take minutes), a second apart so their order is known.
    const COUNT = 1500;
    const text = (i: number) => `${i} `.padEnd(1500, 'سلام عليكم، هل ما زال متاحا؟ ');
    await withDatabase((db) =>
      db.query(
        `INSERT INTO messaging.messages (id, sender_id, receiver_id, content, created_at)
         SELECT gen_random_uuid(), CASE WHEN i % 2 = 0 THEN $1::uuid ELSE $2::uuid END, CASE WHEN i % 2 = 0 THEN $2::uuid ELSE $1::uuid END,
                rpad(i::text || ' ', 1500, 'سلام عليكم، هل ما زال متاحا؟ '), now() + i * interval '1 second'
         FROM generate_series(1, $3::int) AS i`,
        [member.user.id, other.user.id, COUNT],
      ),
    );
    const res = await member.client.download(EXPORT);
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(res.bytes));
    expect(files['messages.json']!.length).toBeGreaterThan(3 * 1024 * 1024);
    const messages = jsonOf(files, 'messages.json') as { direction: string; otherMember: string; content: string }[];
    expect(messages).toHaveLength(COUNT + 1);
    expect(messages[0]).toMatchObject({ direction: 'sent', otherMember: 'Youssef B.', content: 'Premier message' });
    expect(messages.slice(1).map((m) => m.content)).toEqual(Array.from({ length: COUNT }, (_, i) => text(i + 1)));
    expect(messages[1]!.direction).toBe('received');
    expect(messages[2]!.direction).toBe('sent');
    // Every other file still whole and valid.
    for (const name of Object.values(MEMBER_EXPORT_FILES).flat()) expect(() => jsonOf(files, name)).not.toThrow();
    expect(jsonOf(files, 'points.json')).toMatchObject({ balance: expect.any(Object), history: expect.any(Array) });
  });

  it('should answer only a signed-in member, and a few times a day (429, in French)', async () => {
    expect((await new ApiClient().download(EXPORT)).status).toBe(401);
    const member = await signedUpMember();
    for (let i = 0; i < MEMBER_EXPORTS_PER_DAY; i += 1) expect((await member.client.download(EXPORT)).status).toBe(200);
    const refused = asRefusal(await member.client.call('GET /api/auth/user/export'));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Vous avez déjà téléchargé vos données 3 fois aujourd’hui\. Réessayez dans \d+ heures?\.$/) });
    // Another member's allowance is their own.
    expect((await (await signedUpMember()).client.download(EXPORT)).status).toBe(200);
  });
});
