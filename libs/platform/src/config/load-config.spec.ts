import { loadConfig, serviceEnvSchema } from './load-config.js';

describe('serviceEnvSchema', () => {
  it('should take an unset NODE_ENV for production: development is asked for by name', () => {
    expect(loadConfig(serviceEnvSchema, {}).NODE_ENV).toBe('production');
    expect(loadConfig(serviceEnvSchema, { NODE_ENV: 'development' }).NODE_ENV).toBe('development');
  });
});
