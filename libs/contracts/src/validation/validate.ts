import type { z } from 'zod';
import { Messages } from '../messages.js';

/** A refused input: the field to point at and the French message (`messageKeyOf` gives its key). */
export interface ValidationFailure {
  field: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; failure: ValidationFailure };

type Issue = z.core.$ZodIssue;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

/** A field left out or left blank: the forms' "fill every field" message wins over any other. */
function isPresenceIssue(input: unknown, issue: Issue): boolean {
  const value = valueAt(input, issue.path);
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Declaration order of the top-level fields: a cross-field rule reports where its field stands. */
function fieldOrder(schema: z.ZodType): Map<PropertyKey, number> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return new Map(Object.keys(shape ?? {}).map((key, index) => [key, index]));
}

/**
 * The one failure to show: a missing required field first, otherwise the first failing field in
 * declaration order (each field reports its first broken rule, type before rules).
 */
export function firstFailure(schema: z.ZodType, input: unknown, issues: readonly Issue[]): ValidationFailure | null {
  if (issues.length === 0) return null;
  const order = fieldOrder(schema);
  const rank = (issue: Issue) => order.get(issue.path[0] ?? '') ?? Number.MAX_SAFE_INTEGER;
  const sorted = [...issues].sort((a, b) => rank(a) - rank(b));
  const chosen = sorted.find((issue) => isPresenceIssue(input, issue)) ?? sorted[0]!;
  const last = chosen.path.at(-1);
  return { field: typeof last === 'string' ? last : 'body', message: chosen.message };
}

/**
 * Turns an untrusted value into a validated input. The gateway runs it on HTTP bodies, the services
 * run it again on RPC payloads and the web app on its forms: one schema serves all three.
 */
export function validatePayload<S extends z.ZodType>(schema: S, plain: unknown): Validated<z.output<S>> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, failure: { field: 'body', message: Messages.bodyNotObject } };
  }
  const result = schema.safeParse(plain);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, failure: firstFailure(schema, plain, result.error.issues)! };
}

/** Every failing field with its first message, for forms that mark all fields at once. */
export function fieldFailures(schema: z.ZodType, plain: unknown): Record<string, string> {
  const result = schema.safeParse(plain);
  if (result.success) return {};
  const failures: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.at(-1);
    if (typeof field === 'string' && !(field in failures)) failures[field] = issue.message;
  }
  return failures;
}
