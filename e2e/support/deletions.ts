import { randomUUID } from 'node:crypto';
import { Events, eventSubject } from '@hdiya/contracts';
import type pg from 'pg';
import { canonicalPhone, columnsNaming } from './erasure.js';
import { attempt, attemptUntilAnswered, pick, type LoadMember, type LoadWorld, type Operation } from './member-load.js';

// Account deletions in the chaos run (decision 0074): members apart from the audited load (so
// that the load's audit never counts what a deletion erases) hold what a deletion must let go of,
// an item of their own, a reservation of one of the load's items, a message to a load member, and
// delete their account while processes are killed. Afterwards each deletion is whole or absent:
// acknowledged means gone; gone means nothing in any service names them and their points left in
// one ledger entry (the points' audit subtracts it); never half.

/** Before the run: an item of the leaver's, one of the load's items reserved, a message to a load member. */
export async function prepareLeaver(leaver: LoadMember, world: LoadWorld): Promise<void> {
  const own = await leaver.client.call('POST /api/donations', {
    body: { title: 'Objet d’un partant', description: 'Retiré à la suppression.', categoryId: 8, city: 'Oujda', imageUrl: world.photo },
  });
  if (own.status !== 201) throw new Error(`the leaver's item was refused: ${own.status}`);
  await attempt(() => leaver.client.call('POST /api/donations/{id}/reserve', { params: { id: pick(world.donationIds) } }));
  const to = pick(world.members);
  await attemptUntilAnswered(() => leaver.client.call('POST /api/messages', { body: { content: 'Merci pour tout !', receiverId: to.user.id, clientId: randomUUID() } }));
}

/**
 * The leaver deletes their account, gifts in progress cancelled, retried until answered: a retry
 * after an unknown outcome meets a 401 when the first try took (the session ended with the account).
 */
export async function deleteAccount(leaver: LoadMember): Promise<Operation> {
  const result = await attemptUntilAnswered(
    () => leaver.client.call('DELETE /api/auth/user', { body: { currentPassword: leaver.password, cancelGiftsInProgress: true } }),
    6,
  );
  return { kind: 'delete', member: leaver.user.id, outcome: result.outcome };
}

export interface DeletionReport {
  deleted: number;
  kept: number;
  problems: string[];
}

/** Each leaver's deletion, whole or not at all, against every service's tables (superuser `db`). */
export async function deletionProblems(db: pg.Client, leavers: readonly LoadMember[], operations: readonly Operation[]): Promise<DeletionReport> {
  const problems: string[] = [];
  let deleted = 0;
  for (const leaver of leavers) {
    const id = leaver.user.id;
    const account = (await db.query(`SELECT 1 FROM users.users WHERE id = $1`, [id])).rowCount === 1;
    const events = (await db.query(`SELECT envelope->'payload'->>'tombstoneId' AS tombstone FROM users.outbox WHERE subject = $1 AND envelope->'payload'->>'memberId' = $2`, [eventSubject(Events.users.MemberDeleted), id]))
      .rows as { tombstone: string }[];
    const acknowledged = operations.some((o) => o.kind === 'delete' && o.member === id && o.outcome === 'ok');
    if (account) {
      if (acknowledged) problems.push(`${id}: deletion acknowledged, account still there`);
      if (events.length > 0) problems.push(`${id}: account still there after its MemberDeleted`);
      continue;
    }
    deleted += 1;
    if (events.length !== 1) problems.push(`${id}: ${events.length} MemberDeleted events`);
    const naming = await columnsNaming(db, [id, leaver.user.email, canonicalPhone(leaver.phone)]);
    if (naming.length > 0) problems.push(`${id}: half deleted, still named in ${naming.join(', ')}`);
    for (const { tombstone } of events) {
      const left = Number((await db.query(`SELECT count(*) AS n FROM points.ledger_entries WHERE reason = 'account_deleted' AND user_id = $1`, [tombstone])).rows[0].n);
      if (left !== 1) problems.push(`${id}: ${left} account_deleted ledger entries`);
    }
  }
  return { deleted, kept: leavers.length - deleted, problems };
}
