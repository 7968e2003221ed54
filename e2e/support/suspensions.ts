import type pg from 'pg';

/**
 * What must hold of suspended and reinstated members in a database (docs/product.md#suspended-members,
 * decision 0057), however the suspensions, reinstatements and crashes interleaved, once the
 * services have caught up: a member under a suspension in force holds no reservation, no open
 * request, no place in a waiting line, and none of their items is in search (each set aside for
 * that suspension); a member no longer suspended has every item a suspension set aside back.
 * Read in one snapshot, so that the users service's record and the donations service's agree in
 * time. Returns the broken rules, empty when all hold, and how many members each rule looked at.
 */
export async function suspensionProblems(db: pg.Client): Promise<{ problems: string[]; suspended: number; reinstated: number }> {
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const ids = async (sql: string) => (await db.query(sql)).rows.map((row) => String(Object.values(row)[0]));
    const problems: string[] = [];
    const inForce = `SELECT u.id, u.suspension_id FROM users.users u JOIN users.member_suspensions s ON s.id = u.suspension_id
                     WHERE s.ended_at IS NULL AND (s.until IS NULL OR s.until > now())`;
    const suspended = (await db.query(inForce)).rowCount ?? 0;
    const holding = await ids(
      `SELECT r.id FROM donations.reservations r JOIN (${inForce}) m ON m.id = r.reserver_id WHERE r.state IN ('pending', 'aborting', 'active')`,
    );
    if (holding.length > 0) problems.push(`reservations of suspended members: ${holding.join(', ')}`);
    const asking = await ids(`SELECT q.id FROM donations.donation_requests q JOIN (${inForce}) m ON m.id = q.member_id WHERE q.state = 'open'`);
    if (asking.length > 0) problems.push(`open requests of suspended members: ${asking.join(', ')}`);
    const waiting = await ids(`SELECT w.id FROM donations.waitlist_entries w JOIN (${inForce}) m ON m.id = w.member_id WHERE w.state IN ('waiting', 'offered')`);
    if (waiting.length > 0) problems.push(`waiting-list places of suspended members: ${waiting.join(', ')}`);
    const inSearch = await ids(
      `SELECT d.id FROM donations.donations d JOIN (${inForce}) m ON m.id = d.owner_id
       WHERE d.status IN ('available', 'reserved') OR (d.set_aside_for IS NOT NULL AND d.set_aside_for <> m.suspension_id::text)`,
    );
    if (inSearch.length > 0) problems.push(`items of suspended members not set aside for their suspension: ${inSearch.join(', ')}`);
    // Members once suspended whose account points at no suspension any more (reinstated, or their date passed and the job ended it).
    const back = `SELECT DISTINCT s.member_id AS id FROM users.member_suspensions s JOIN users.users u ON u.id = s.member_id WHERE u.suspension_id IS NULL`;
    const reinstated = (await db.query(back)).rowCount ?? 0;
    const leftAside = await ids(`SELECT d.id FROM donations.donations d JOIN (${back}) m ON m.id = d.owner_id WHERE d.set_aside_for IS NOT NULL`);
    if (leftAside.length > 0) problems.push(`items of reinstated members still set aside: ${leftAside.join(', ')}`);
    return { problems, suspended, reinstated };
  } finally {
    await db.query('ROLLBACK');
  }
}
