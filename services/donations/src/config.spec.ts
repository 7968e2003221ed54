import { reserveTimeoutFor } from '@hdiya/contracts';
import { loadDonationsConfig } from './config.js';

describe(loadDonationsConfig.name, () => {
  it('should undo a pending reservation only well after the gateway stopped waiting for it', () => {
    const config = loadDonationsConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/x', POINTS_RPC_TIMEOUT_MS: '4000' });
    expect(config.RESERVATION_RECOVERY_AFTER_MS).toBe(36_000);
    expect(config.RESERVATION_RECOVERY_AFTER_MS).toBeGreaterThan(reserveTimeoutFor(config.POINTS_RPC_TIMEOUT_MS));
    expect(loadDonationsConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/x' }).RESERVATION_RECOVERY_AFTER_MS).toBe(30_000);
  });
});
