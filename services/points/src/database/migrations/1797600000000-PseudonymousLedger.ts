import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 47 (decision 0074): a deleted member's ledger entries stay (the others' history and the
 * conservation of points need them) under their tombstone id. The ledger stays append-only for
 * everything else: an update may change who an entry names (`user_id`, `related_user_id`), nothing else.
 */
export class PseudonymousLedger1797600000000 implements MigrationInterface {
  name = 'PseudonymousLedger1797600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION "points"."refuse_ledger_change_but_pseudonyms"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'user_id' - 'related_user_id') = (to_jsonb(OLD) - 'user_id' - 'related_user_id') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'points.ledger_entries is append-only';
      END $$`);
    await q.query(`DROP TRIGGER "ledger_entries_append_only" ON "points"."ledger_entries"`);
    await q.query(`CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "points"."ledger_entries"
      FOR EACH ROW EXECUTE FUNCTION "points"."refuse_ledger_change_but_pseudonyms"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "ledger_entries_append_only" ON "points"."ledger_entries"`);
    await q.query(`CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "points"."ledger_entries"
      FOR EACH ROW EXECUTE FUNCTION "points"."refuse_ledger_change"()`);
    await q.query(`DROP FUNCTION "points"."refuse_ledger_change_but_pseudonyms"()`);
  }
}
