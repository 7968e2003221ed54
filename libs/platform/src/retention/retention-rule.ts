import type { LoggerService } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** One kind of data that goes once its period is over: what it is (for the log) and how it goes. */
export interface RetentionRule {
  /** Plural noun for the log line: "sent mails", "read notifications". */
  what: string;
  /** Deletes what is due, in batches of at most `batchSize` rows; answers how many went. */
  prune: (target: EntityManager, batchSize: number) => Promise<number>;
}

/**
 * Applies the rules one after another (one connection at a time), logging each count above zero
 * (counts only: never a row's content). A rule that fails is logged and the others still run; the
 * answer is the total deleted.
 */
export async function applyRetention(target: EntityManager, rules: RetentionRule[], batchSize: number, logger: LoggerService): Promise<number> {
  let total = 0;
  for (const rule of rules) {
    try {
      const deleted = await rule.prune(target, batchSize);
      if (deleted > 0) logger.log(`${rule.what} deleted: ${deleted}`);
      total += deleted;
    } catch (error) {
      logger.warn?.(`${rule.what}: deleting failed, tried again next run: ${(error as Error).message}`);
    }
  }
  return total;
}
