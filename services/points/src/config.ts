import { PointsRules } from '@hdiya/contracts';
import { databaseEnvSchema, inboxRetentionEnvSchema, loadConfig, retentionEnvSchema, serviceEnvSchema } from '@hdiya/platform';
import { z } from 'zod';

export const pointsConfigSchema = serviceEnvSchema
  .extend(databaseEnvSchema('points').shape)
  .extend(retentionEnvSchema.shape)
  .extend(inboxRetentionEnvSchema.shape)
  .extend({
  /** Points a donor may earn from gifts per rolling 24 hours; the rest is withheld (decision 0019). */
  GIFT_POINTS_DAILY_CAP: z.coerce.number().int().min(0).default(PointsRules.giftDailyCap),
  /** Points a member may send by transfers per rolling 24 hours (decision 0019). */
  TRANSFER_POINTS_DAILY_CAP: z.coerce.number().int().min(0).default(PointsRules.transferDailyCap),
});

export type PointsConfig = z.infer<typeof pointsConfigSchema>;

export const loadPointsConfig = (env: Record<string, string | undefined> = process.env): PointsConfig =>
  loadConfig(pointsConfigSchema, env);

export const SCHEMA = 'points';

export const POINTS_CONFIG = Symbol('POINTS_CONFIG');
