import { databaseEnvSchema, loadConfig, serviceEnvSchema } from '@hdiya/platform';
import type { z } from 'zod';

export const pointsConfigSchema = serviceEnvSchema.extend(databaseEnvSchema('points').shape);

export type PointsConfig = z.infer<typeof pointsConfigSchema>;

export const loadPointsConfig = (env: Record<string, string | undefined> = process.env): PointsConfig =>
  loadConfig(pointsConfigSchema, env);

export const SCHEMA = 'points';
