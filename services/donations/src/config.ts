import { DEFAULT_POINTS_RPC_TIMEOUT_MS, HoardingRules, reservationRecoveryAfterFor } from '@hdiya/contracts';
import { databaseEnvSchema, inboxRetentionEnvSchema, loadConfig, retentionEnvSchema, serviceEnvSchema } from '@hdiya/platform';
import { z } from 'zod';

export const donationsConfigSchema = serviceEnvSchema
  .extend(databaseEnvSchema('donations').shape)
  .extend(retentionEnvSchema.shape)
  .extend(inboxRetentionEnvSchema.shape)
  .extend({
    /** How often the expiry and recovery jobs run. */
    RESERVATION_JOBS_INTERVAL_MS: z.coerce.number().int().min(100).default(15_000),
    /** How long a reserve waits for the points service's hold or release (the gateway reads it too). */
    POINTS_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_POINTS_RPC_TIMEOUT_MS),
    /** A reservation still pending after this long was interrupted and is undone (default: derived). */
    RESERVATION_RECOVERY_AFTER_MS: z.coerce.number().int().min(100).optional(),
    /** An uploaded photo no donation uses after this long is swept (a day). */
    IMAGE_UNATTACHED_TTL_MS: z.coerce.number().int().min(1000).default(24 * 60 * 60 * 1000),
    /** Hoarding limits (decision 0020): open reservations per member, accepted offers included. */
    RESERVATIONS_OPEN_MAX: z.coerce.number().int().min(1).default(HoardingRules.defaults.RESERVATIONS_OPEN_MAX),
    /** Waiting-list places (waiting or offered) per member. */
    WAITLIST_PLACES_MAX: z.coerce.number().int().min(1).default(HoardingRules.defaults.WAITLIST_PLACES_MAX),
    /** Before the same member may reserve (or queue for) an item again after cancelling it or letting it expire. */
    RESERVE_AGAIN_COOLDOWN_HOURS: z.coerce.number().min(0).default(HoardingRules.defaults.RESERVE_AGAIN_COOLDOWN_HOURS),
  })
  .transform((config) => ({
    ...config,
    RESERVATION_RECOVERY_AFTER_MS: config.RESERVATION_RECOVERY_AFTER_MS ?? reservationRecoveryAfterFor(config.POINTS_RPC_TIMEOUT_MS),
  }));

export type DonationsConfig = z.output<typeof donationsConfigSchema>;

export const loadDonationsConfig = (env: Record<string, string | undefined> = process.env): DonationsConfig =>
  loadConfig(donationsConfigSchema, env);

export const SCHEMA = 'donations';

export const DONATIONS_CONFIG = Symbol('DONATIONS_CONFIG');
