import { ConfigError } from '@hdiya/platform';
import { loadGatewayConfig } from './config.js';

describe(loadGatewayConfig.name, () => {
  const development = { NODE_ENV: 'development' };

  it('should run on local defaults in development', () => {
    const config = loadGatewayConfig(development);
    expect(config).toMatchObject({ PORT: 3000, REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.PUBLIC_ORIGINS).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it('should refuse to start in production with the development session secret', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });

  it('should take an unset NODE_ENV for production, so a forgotten variable never runs on the printed secret', () => {
    expect(() => loadGatewayConfig({})).toThrow(/SESSION_SECRET/);
    expect(loadGatewayConfig({ SESSION_SECRET: 'f'.repeat(64) }).NODE_ENV).toBe('production');
  });

  it.each(['change-me-to-64-random-hex-characters', 'insecure-trial-secret-set-SESSION_SECRET-in-env'])(
    'should refuse in production a session secret printed in the repository (%s)',
    (secret) => {
      expect(() => loadGatewayConfig({ NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(/SESSION_SECRET/);
      expect(() => loadGatewayConfig({ NODE_ENV: 'production', SESSION_SECRET: 'f'.repeat(64) })).not.toThrow();
    },
  );

  it('should wait for a reserve as long as the hold and the release can take, from the points timeout', () => {
    expect(loadGatewayConfig(development).RESERVE_TIMEOUT_MS).toBe(10_000);
    expect(loadGatewayConfig({ ...development, POINTS_RPC_TIMEOUT_MS: '5000' }).RESERVE_TIMEOUT_MS).toBe(14_000);
    expect(loadGatewayConfig({ ...development, RESERVE_TIMEOUT_MS: '12000' }).RESERVE_TIMEOUT_MS).toBe(12_000);
    expect(() => loadGatewayConfig({ ...development, POINTS_RPC_TIMEOUT_MS: '5000', RESERVE_TIMEOUT_MS: '6000' })).toThrow(/RESERVE_TIMEOUT_MS/);
  });

  it('should list every bad variable at once', () => {
    try {
      loadGatewayConfig({ PORT: 'abc', REDIS_URL: 'http://nope', SESSION_SECRET: 'short' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual(['PORT', 'REDIS_URL', 'SESSION_SECRET']);
    }
  });
});
