import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's display data on the donation's own row (decision 0049): a card no longer joins the
 * members read model, one index probe per card (25 a page, a third of a search's buffer reads,
 * and the ones that slow it most when many searches run at once, measured).
 *
 * Kept by triggers, in the same transaction as what changes it: a new donation copies its owner
 * from `members` (none yet: NULL, shown as "Utilisateur"); a member registered or renamed is
 * written to every donation they own, in the transaction of the event that brought the change.
 * A donation's owner never changes.
 */
export class OwnerOnCards1764800000000 implements MigrationInterface {
  name = 'OwnerOnCards1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "donations"."donations"
      ADD COLUMN "owner_username" text, ADD COLUMN "owner_first_name" text, ADD COLUMN "owner_last_name" text, ADD COLUMN "owner_profile_image_url" text`);
    await q.query(`CREATE FUNCTION "donations"."copy_owner_to_donation"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT m."username", m."first_name", m."last_name", m."profile_image_url"
          INTO NEW."owner_username", NEW."owner_first_name", NEW."owner_last_name", NEW."owner_profile_image_url"
          FROM "donations"."members" m WHERE m."user_id" = NEW."owner_id";
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER "donations_copy_owner" BEFORE INSERT ON "donations"."donations"
      FOR EACH ROW EXECUTE FUNCTION "donations"."copy_owner_to_donation"()`);
    await q.query(`CREATE FUNCTION "donations"."copy_member_to_donations"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "donations"."donations" d
          SET "owner_username" = NEW."username", "owner_first_name" = NEW."first_name",
              "owner_last_name" = NEW."last_name", "owner_profile_image_url" = NEW."profile_image_url"
          WHERE d."owner_id" = NEW."user_id"
            AND (d."owner_username", d."owner_first_name", d."owner_last_name", d."owner_profile_image_url")
              IS DISTINCT FROM (NEW."username", NEW."first_name", NEW."last_name", NEW."profile_image_url");
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "members_copy_to_donations_on_insert" AFTER INSERT ON "donations"."members"
      FOR EACH ROW EXECUTE FUNCTION "donations"."copy_member_to_donations"()`);
    // Only a change of what cards show rewrites the member's donations.
    await q.query(`CREATE TRIGGER "members_copy_to_donations_on_update" AFTER UPDATE ON "donations"."members"
      FOR EACH ROW WHEN ((OLD."username", OLD."first_name", OLD."last_name", OLD."profile_image_url")
        IS DISTINCT FROM (NEW."username", NEW."first_name", NEW."last_name", NEW."profile_image_url"))
      EXECUTE FUNCTION "donations"."copy_member_to_donations"()`);
    await q.query(`UPDATE "donations"."donations" d
      SET "owner_username" = m."username", "owner_first_name" = m."first_name",
          "owner_last_name" = m."last_name", "owner_profile_image_url" = m."profile_image_url"
      FROM "donations"."members" m WHERE m."user_id" = d."owner_id"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER "members_copy_to_donations_on_update" ON "donations"."members"`);
    await q.query(`DROP TRIGGER "members_copy_to_donations_on_insert" ON "donations"."members"`);
    await q.query(`DROP FUNCTION "donations"."copy_member_to_donations"()`);
    await q.query(`DROP TRIGGER "donations_copy_owner" ON "donations"."donations"`);
    await q.query(`DROP FUNCTION "donations"."copy_owner_to_donation"()`);
    await q.query(`ALTER TABLE "donations"."donations"
      DROP COLUMN "owner_username", DROP COLUMN "owner_first_name", DROP COLUMN "owner_last_name", DROP COLUMN "owner_profile_image_url"`);
  }
}
