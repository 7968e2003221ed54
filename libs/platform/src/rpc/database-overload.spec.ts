import { isDatabaseOverload } from './database-overload.js';

function pgError(code: string, message = 'error'): Error {
  return Object.assign(new Error(message), { code });
}

describe(isDatabaseOverload.name, () => {
  it('should recognise a pool that had no connection to give, timeouts and lost connections', () => {
    expect(isDatabaseOverload(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseOverload(pgError('57014', 'canceling statement due to statement timeout'))).toBe(true);
    expect(isDatabaseOverload(pgError('55P03'))).toBe(true);
    expect(isDatabaseOverload(new Error('Connection terminated unexpectedly'))).toBe(true);
    // TypeORM's QueryFailedError keeps the driver's error beside its own message.
    expect(isDatabaseOverload(Object.assign(new Error('query failed'), { driverError: { code: '40P01' } }))).toBe(true);
  });

  it('should leave real faults alone: they stay 500s', () => {
    expect(isDatabaseOverload(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseOverload(pgError('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseOverload(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseOverload('timeout exceeded when trying to connect')).toBe(false);
  });
});
