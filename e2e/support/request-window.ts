import type pg from 'pg';

/**
 * What must hold of every request window in a database (docs/product.md#request-window), however
 * the choices, draws and crashes interleaved: only a chosen asker holds a window's item, a window
 * has one chosen asker at most and that asker holds it, and every asker whose request ended was
 * told exactly once (one outcome per request in the events, one notification per ended request).
 * Returns the broken rules, empty when all hold.
 */
export async function requestWindowProblems(db: pg.Client): Promise<string[]> {
  const ids = async (sql: string) => (await db.query(sql)).rows.map((row) => String(Object.values(row)[0]));
  const problems: string[] = [];
  const notChosenHolding = await ids(
    `SELECT r.id FROM donations.reservations r JOIN donations.donations d ON d.id = r.donation_id
     WHERE d.allocation_mode = 'choose' AND r.state IN ('active', 'completed')
       AND NOT EXISTS (SELECT 1 FROM donations.donation_requests q WHERE q.donation_id = r.donation_id AND q.member_id = r.reserver_id AND q.state = 'chosen')`,
  );
  if (notChosenHolding.length > 0) problems.push(`reservations of members not chosen: ${notChosenHolding.join(', ')}`);
  const twoChosen = await ids(`SELECT donation_id FROM donations.donation_requests WHERE state = 'chosen' GROUP BY 1 HAVING count(*) > 1`);
  if (twoChosen.length > 0) problems.push(`windows with two chosen askers: ${twoChosen.join(', ')}`);
  const chosenWithout = await ids(
    `SELECT q.id FROM donations.donation_requests q
     WHERE q.state = 'chosen' AND NOT EXISTS (
       SELECT 1 FROM donations.reservations r WHERE r.donation_id = q.donation_id AND r.reserver_id = q.member_id AND r.state IN ('active', 'completed', 'cancelled', 'expired'))`,
  );
  if (chosenWithout.length > 0) problems.push(`chosen askers without their reservation: ${chosenWithout.join(', ')}`);
  const openHoldsNotChosen = await ids(
    `SELECT h.reservation_id FROM points.holds h JOIN donations.reservations r ON r.id = h.reservation_id JOIN donations.donations d ON d.id = r.donation_id
     WHERE h.state = 'open' AND d.allocation_mode = 'choose'
       AND NOT EXISTS (SELECT 1 FROM donations.donation_requests q WHERE q.donation_id = r.donation_id AND q.member_id = r.reserver_id AND q.state = 'chosen')`,
  );
  if (openHoldsNotChosen.length > 0) problems.push(`points held for members not chosen: ${openHoldsNotChosen.join(', ')}`);
  const toldTwice = await ids(
    `SELECT o->>'requestId' FROM donations.outbox, jsonb_array_elements(envelope->'payload'->'outcomes') o
     WHERE envelope->>'type' = 'RequestsDecided' GROUP BY 1 HAVING count(*) > 1`,
  );
  if (toldTwice.length > 0) problems.push(`requests told twice: ${toldTwice.join(', ')}`);
  const untold = await ids(
    `SELECT q.id FROM donations.donation_requests q
     WHERE q.state IN ('chosen', 'not_chosen', 'skipped') AND NOT EXISTS (
       SELECT 1 FROM donations.outbox, jsonb_array_elements(envelope->'payload'->'outcomes') o
       WHERE envelope->>'type' = 'RequestsDecided' AND o->>'requestId' = q.id::text)`,
  );
  if (untold.length > 0) problems.push(`ended requests nobody was told of: ${untold.join(', ')}`);
  const notifiedWrong = await ids(
    `SELECT m.member_id || '/' || m.donation_id FROM (
       SELECT q.member_id, q.donation_id, count(*) AS ended FROM donations.donation_requests q
       WHERE q.state IN ('chosen', 'not_chosen', 'skipped') GROUP BY 1, 2) m
     WHERE m.ended <> (SELECT count(*) FROM messaging.notifications n
                       WHERE n.kind = 'request_decided' AND n.user_id = m.member_id AND (n.params->>'donationId')::int = m.donation_id)`,
  );
  if (notifiedWrong.length > 0) problems.push(`askers notified a different number of times than their requests ended: ${notifiedWrong.join(', ')}`);
  return problems;
}
