import argon2 from 'argon2';
import { ConfigError } from '@hdiya/platform';
import { PasswordHasher, passwordHashCostOf } from './accounts/password-hasher.js';
import { loadUsersConfig, PASSWORD_HASH_FLOOR } from './config.js';

const base = {
  DATABASE_URL: 'postgres://users@127.0.0.1/hdiya',
  NATS_USER: 'users',
  NATS_PASSWORD: 'x',
  SMTP_URL: 'smtp://127.0.0.1:1025',
};

describe('the password hash cost', () => {
  it('should default to argon2id at 64 MiB and 3 passes', async () => {
    const config = loadUsersConfig(base);
    expect(passwordHashCostOf(config)).toEqual({ memoryKib: 65_536, timeCost: 3 });
    const hash = await new PasswordHasher(passwordHashCostOf(config)).hash('motdepasse-sur');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
  });

  it('should refuse less than OWASP’s least in production, and allow it where tests ask', () => {
    const cheap = { PASSWORD_HASH_MEMORY_KIB: '4096', PASSWORD_HASH_TIME_COST: '1' };
    expect(() => loadUsersConfig({ ...base, ...cheap })).toThrow(ConfigError);
    expect(() => loadUsersConfig({ ...base, NODE_ENV: 'production', PASSWORD_HASH_TIME_COST: String(PASSWORD_HASH_FLOOR.timeCost - 1) })).toThrow(/argon2id needs at least/);
    expect(passwordHashCostOf(loadUsersConfig({ ...base, ...cheap, NODE_ENV: 'test' }))).toEqual({ memoryKib: 4096, timeCost: 1 });
  });

  it('should verify a password against the cost its hash was made with', async () => {
    const old = await argon2.hash('motdepasse-sur', { type: argon2.argon2id });
    const cheap = new PasswordHasher({ memoryKib: 4096, timeCost: 1 });
    expect(await cheap.verify(old, 'motdepasse-sur')).toBe(true);
    expect(await cheap.verify(old, 'pas-le-bon')).toBe(false);
  });
});

describe('the support address', () => {
  it('should be unset when absent or empty (compose passes an empty value), and refuse what is no address', () => {
    expect(loadUsersConfig(base).SUPPORT_EMAIL).toBeUndefined();
    expect(loadUsersConfig({ ...base, SUPPORT_EMAIL: '' }).SUPPORT_EMAIL).toBeUndefined();
    expect(loadUsersConfig({ ...base, SUPPORT_EMAIL: 'support@hdiya.ma' }).SUPPORT_EMAIL).toBe('support@hdiya.ma');
    expect(() => loadUsersConfig({ ...base, SUPPORT_EMAIL: 'support' })).toThrow(ConfigError);
  });
});
