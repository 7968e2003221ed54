import { ConsoleLogger, type LogLevel } from '@nestjs/common';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** One JSON object per line by default, so log shippers need no parsing rules. */
export function createLogger(service: string, level: string = 'log', format: 'json' | 'pretty' = 'json') {
  const upTo = Math.max(LEVELS.indexOf(level as LogLevel), LEVELS.indexOf('error'));
  return new ConsoleLogger(service, { json: format === 'json', logLevels: LEVELS.slice(0, upTo + 1) });
}
