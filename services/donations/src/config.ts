import { databaseEnvSchema, loadConfig, serviceEnvSchema } from '@hdiya/platform';
import type { z } from 'zod';

export const donationsConfigSchema = serviceEnvSchema.extend(databaseEnvSchema('donations').shape);

export type DonationsConfig = z.infer<typeof donationsConfigSchema>;

export const loadDonationsConfig = (env: Record<string, string | undefined> = process.env): DonationsConfig =>
  loadConfig(donationsConfigSchema, env);

export const SCHEMA = 'donations';
