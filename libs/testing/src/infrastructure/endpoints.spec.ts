import { postgresEndpoint, stackConnection, testVariables } from './endpoints.js';
import type { MailCatcher, S3Endpoint, SecuredBrokers } from './infrastructure-types.js';

const postgres = postgresEndpoint('localhost', 32768, 'postgres', 'hdiya_test');
const secured: SecuredBrokers = {
  natsUrl: 'nats://localhost:4300',
  natsPasswords: { gateway: 'pa', users: 'pb' },
  redisUrl: 'redis://:secret@localhost:32770',
  killNats: async () => undefined,
  startNats: async () => undefined,
};
const mail: MailCatcher = { smtpUrl: 'smtp://127.0.0.1:32773', apiUrl: 'http://127.0.0.1:32774', stop: async () => undefined, start: async () => undefined };
const s3: S3Endpoint = { endpoint: 'localhost', port: 32771, useSSL: false, accessKey: 'a', secretKey: 'b', bucket: 'hdiya-images', region: 'us-east-1' };

describe('postgresEndpoint', () => {
  it('should give the superuser URL of the database, brackets around an IPv6 host', () => {
    expect(postgres.adminUrl).toBe('postgres://postgres@localhost:32768/hdiya_test');
    expect(postgresEndpoint('::1', 5432, 'postgres', 'd').adminUrl).toBe('postgres://postgres@[::1]:5432/d');
  });
});

describe('testVariables', () => {
  it('should point integration tests at the database and the open brokers', () => {
    const open = { natsUrl: 'nats://localhost:32769', redisUrl: 'redis://localhost:32772/10' };
    expect(testVariables({ postgres, open })).toEqual({
      HDIYA_DATABASE: 'hdiya_test',
      PGHOST: 'localhost',
      PGPORT: '32768',
      PGUSER: 'postgres',
      NATS_URL: 'nats://localhost:32769',
      REDIS_URL: 'redis://localhost:32772/10',
    });
  });

  it('should give the end-to-end broker tests the secured brokers and the passwords', () => {
    const variables = testVariables({ postgres, secured });
    expect(variables).toMatchObject({ HDIYA_E2E_NATS_URL: 'nats://localhost:4300', HDIYA_E2E_REDIS_URL: 'redis://:secret@localhost:32770' });
    expect(JSON.parse(variables.HDIYA_E2E_NATS_PASSWORDS)).toEqual({ gateway: 'pa', users: 'pb' });
    expect(variables).not.toHaveProperty('NATS_URL');
  });

  it('should give the end-to-end tests the object store, when there is one', () => {
    expect(JSON.parse(testVariables({ postgres, secured, s3 }).HDIYA_E2E_S3)).toEqual(s3);
  });

  it("should give the end-to-end tests the mail catcher's API", () => {
    expect(testVariables({ postgres, secured, mail })).toMatchObject({ HDIYA_E2E_MAIL_API_URL: 'http://127.0.0.1:32774' });
  });
});

describe('stackConnection', () => {
  it('should put the product on the secured brokers, the database, the S3 server and the mail catcher', () => {
    expect(stackConnection({ postgres, secured, s3, mail })).toEqual({
      database: 'hdiya_test',
      pgHost: 'localhost',
      pgPort: 32768,
      natsUrl: 'nats://localhost:4300',
      natsPasswords: { gateway: 'pa', users: 'pb' },
      redisUrl: 'redis://:secret@localhost:32770',
      s3,
      smtpUrl: 'smtp://127.0.0.1:32773',
    });
  });

  it('should refuse to run the product on open brokers', () => {
    expect(() => stackConnection({ postgres, s3, mail })).toThrow(/secured brokers/);
  });
});
