import { randomUUID } from 'node:crypto';
import { displayName } from '@hdiya/contracts';
import { signedInAdmin } from '../support/admin.js';
import { ApiClient, asRefusal, signedUpMember } from '../support/api-client.js';
import { completeGift, publish, withDatabase } from '../support/members.js';

// The moderation log through HTTP (docs/product.md#moderation-log): each moderator action of the
// donations and users services shows up with who, when, what and why, merged newest first; the
// filters and the cursor work; moderators alone read it, and nobody can change it.

/** A contact message from a visitor, as the form sends it; its id. */
async function contactMessage(): Promise<string> {
  const sent = await new ApiClient().call('POST /api/contact', {
    body: { name: 'Yassine', email: `y_${randomUUID().slice(0, 8)}@example.ma`, subject: 'Une question', message: 'Comment donner un canapé ?' },
  });
  expect(sent.status).toBe(201);
  return sent.body.id;
}

/** A rating comment on a gift, reported once; its id. */
async function reportedComment(): Promise<number> {
  const [donor, receiver] = [await signedUpMember(), await signedUpMember()];
  const gift = await completeGift(donor.client, receiver.client, 'Tapis berbère', 'with the code');
  const rated = await receiver.client.call('POST /api/donations/{id}/ratings', { params: { id: gift.id }, body: { value: 'down', reason: 'rude', comment: 'Pas aimable du tout.' } });
  await donor.client.call('POST /api/ratings/{id}/reports', { params: { id: rated.body.id }, body: { reason: 'insulting' } });
  return rated.body.id;
}

describe('GET /api/admin/audit-log', () => {
  it('should show every kind of moderator action, newest first, with the moderator’s name, the target and the reason', async () => {
    const admin = await signedInAdmin();
    const owner = await signedUpMember();
    const removed = await publish(owner.client, 'Téléphone en vente');
    const kept = await publish(owner.client, 'Chaise bancale');
    const reporter = await signedUpMember();
    await reporter.client.call('POST /api/donations/{id}/reports', { params: { id: kept.id }, body: { reason: 'spam' } });
    const [commentKept, commentRemoved, contact] = [await reportedComment(), await reportedComment(), await contactMessage()];

    expect((await admin.client.call('POST /api/admin/force-delete/{id}', { params: { id: removed.id }, body: { reason: 'Vente déguisée.' } })).status).toBe(200);
    expect((await admin.client.call('POST /api/admin/donations/{id}/reports/dismiss', { params: { id: kept.id } })).status).toBe(200);
    expect((await admin.client.call('POST /api/admin/ratings/{id}/reports/dismiss', { params: { id: commentKept } })).status).toBe(200);
    expect((await admin.client.call('POST /api/admin/ratings/{id}/comment/remove', { params: { id: commentRemoved } })).status).toBe(200);
    expect((await admin.client.call('POST /api/admin/contact-messages/{id}/reply', { params: { id: contact }, body: { message: 'Déposez-le comme un don.' } })).status).toBe(200);

    const page = await admin.client.call('GET /api/admin/audit-log', { query: { actor: admin.user.id } });
    expect(page.status).toBe(200);
    expect(page.body.map((e) => [e.action, e.targetType, e.targetId])).toEqual([
      ['contact.reply', 'contact_message', contact],
      ['rating.comment.remove', 'rating', String(commentRemoved)],
      ['rating.reports.dismiss', 'rating', String(commentKept)],
      ['donation.reports.dismiss', 'donation', String(kept.id)],
      ['donation.force_delete', 'donation', String(removed.id)],
    ]);
    expect(page.body.every((e) => e.actorId === admin.user.id && e.actorName === displayName(admin.user))).toBe(true);
    expect(page.body[4]).toMatchObject({ reason: 'Vente déguisée.', details: { title: 'Téléphone en vente', ownerId: owner.user.id } });
    expect(Date.parse(page.body[0]!.at)).toBeGreaterThan(Date.now() - 120_000);
    expect(page.headers.get('x-next-cursor')).toBeNull();
  });

  it('should filter by action and target, and page with the cursor', async () => {
    const admin = await signedInAdmin();
    const owner = await signedUpMember();
    const ids: number[] = [];
    for (const title of ['Lampe 1', 'Lampe 2', 'Lampe 3']) {
      const donation = await publish(owner.client, title);
      await admin.client.call('POST /api/admin/force-delete/{id}', { params: { id: donation.id } });
      ids.push(donation.id);
    }
    await admin.client.call('POST /api/admin/contact-messages/{id}/reply', { params: { id: await contactMessage() }, body: { message: 'Bien reçu.' } });

    const deletions = await admin.client.call('GET /api/admin/audit-log', { query: { actor: admin.user.id, action: 'donation.force_delete' } });
    expect(deletions.body.map((e) => Number(e.targetId))).toEqual([...ids].reverse());
    const one = await admin.client.call('GET /api/admin/audit-log', { query: { targetType: 'donation', targetId: String(ids[1]) } });
    expect(one.body.map((e) => [e.action, e.reason])).toEqual([['donation.force_delete', null]]);

    const first = await admin.client.call('GET /api/admin/audit-log', { query: { actor: admin.user.id, limit: 3 } });
    expect(first.body.map((e) => e.action)).toEqual(['contact.reply', 'donation.force_delete', 'donation.force_delete']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toEqual(expect.any(String));
    const second = await admin.client.call('GET /api/admin/audit-log', { query: { actor: admin.user.id, limit: 3, before: cursor } });
    expect(second.body.map((e) => Number(e.targetId))).toEqual([ids[0]]);
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });

  it('should refuse bad filters with a French 400, and anyone but a moderator', async () => {
    const admin = await signedInAdmin();
    const bad = async (query: Record<string, string>) => asRefusal(await admin.client.call('GET /api/admin/audit-log', { query }));
    expect(await bad({ limit: '101' })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', field: 'limit', message: 'Le nombre d’entrées par page doit être un entier entre 1 et 100.' } });
    expect(await bad({ before: 'hier' })).toMatchObject({ status: 400, body: { field: 'before', message: 'Curseur de page invalide : repartez de la première page.' } });
    expect(await bad({ actor: 'admin' })).toMatchObject({ status: 400, body: { field: 'actor' } });
    expect(await bad({ action: "'; DROP TABLE x" })).toMatchObject({ status: 400, body: { field: 'action' } });

    const member = await signedUpMember();
    expect(asRefusal(await member.client.call('GET /api/admin/audit-log'))).toMatchObject({ status: 403, body: { code: 'ADMIN_ONLY' } });
    expect((await new ApiClient().call('GET /api/admin/audit-log')).status).toBe(401);
  });

  it('should keep an entry nobody can change, not even from the database', async () => {
    const admin = await signedInAdmin();
    const donation = await publish((await signedUpMember()).client, 'Miroir');
    await admin.client.call('POST /api/admin/force-delete/{id}', { params: { id: donation.id }, body: { reason: 'Doublon' } });
    const refused = await withDatabase((db) =>
      db.query(`UPDATE donations.moderation_log SET reason = 'rien' WHERE target_id = $1`, [String(donation.id)]).then(
        () => null,
        (error: Error) => error.message,
      ),
    );
    expect(refused).toMatch(/append-only/);
    const [entry] = (await admin.client.call('GET /api/admin/audit-log', { query: { targetType: 'donation', targetId: String(donation.id) } })).body;
    expect(entry).toMatchObject({ reason: 'Doublon' });
  });
});
