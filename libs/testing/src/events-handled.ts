import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EVENT_NAMES, type EventName } from '@hdiya/contracts';
import { ManagedEventConsumer } from '@hdiya/platform';

/**
 * The event versions a service's consumers handle, in catalog order: every `*.consumer.ts` under
 * `sourceDir` is loaded, and each ManagedEventConsumer it exports is built without its
 * dependencies (only its handlers use them, and none runs here). A service's test compares this
 * with `eventsReadBy(service)`.
 */
export async function eventsHandledIn(sourceDir: string): Promise<EventName[]> {
  const handled = new Set<EventName>();
  const files = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.consumer.ts'));
  for (const file of files) {
    const exported = (await import(pathToFileURL(join(sourceDir, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (typeof value !== 'function' || !(value.prototype instanceof ManagedEventConsumer)) continue;
      const provider = Reflect.construct(value, []) as ManagedEventConsumer;
      for (const name of provider.consumer.handledEvents) handled.add(name);
    }
  }
  return EVENT_NAMES.filter((name) => handled.has(name));
}
