import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Publishing rewards now wait for the gift (`awaiting`) before they are paid. */
export class RewardOnGift1763780000000 implements MigrationInterface {
  name = 'RewardOnGift1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "points"."donation_rewards" DROP CONSTRAINT "donation_rewards_state_check"`);
    await q.query(
      `ALTER TABLE "points"."donation_rewards" ADD CONSTRAINT "donation_rewards_state_check" CHECK ("state" IN ('awaiting', 'credited', 'reversed', 'withdrawn'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "points"."donation_rewards" DROP CONSTRAINT "donation_rewards_state_check"`);
    await q.query(
      `ALTER TABLE "points"."donation_rewards" ADD CONSTRAINT "donation_rewards_state_check" CHECK ("state" IN ('credited', 'reversed', 'withdrawn'))`,
    );
  }
}
