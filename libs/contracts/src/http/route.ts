import type { z } from 'zod';

/** Who may call a route: anyone, a signed-in member, or a moderator (the gateway's guards). */
export type RouteAccess = 'public' | 'member' | 'admin';

/** What a path parameter holds: a donation or rating id (1 … 2³¹−1), a member id (UUID) or free text. */
export type PathParamKind = 'donationId' | 'ratingId' | 'memberId' | 'string';

/**
 * A route's answer: its description and, where the answer has a zod schema, that schema. `T` is
 * a phantom: the TypeScript type the gateway answers with, carried for the typed clients only.
 */
export interface RouteAnswer<T> {
  readonly description: string;
  readonly schema?: z.ZodType;
  /** Never set: only its type matters. */
  readonly type?: T;
}

/** One `/api` route of the gateway, as the typed clients and the OpenAPI document see it. */
export interface RouteSpec {
  readonly summary: string;
  readonly access: RouteAccess;
  readonly params?: Readonly<Record<string, PathParamKind>>;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType | 'multipart';
  readonly answer: RouteAnswer<unknown>;
  /** The success status first, then the refusals a caller should expect beyond 400/401/403/429. */
  readonly status: readonly number[];
  /** Set on answers that are not JSON (a redirect, an image). */
  readonly contentType?: string;
}

/** The answer of a route whose type is `T`. */
export function answer<T>(description: string, schema?: z.ZodType): RouteAnswer<T> {
  return schema ? { description, schema } : { description };
}

/** `'GET /api/donations/{id}'` → `'GET'`. */
export function methodOf(key: string): string {
  return key.slice(0, key.indexOf(' '));
}

/** `'GET /api/donations/{id}'` → `'/api/donations/{id}'`. */
export function pathOf(key: string): string {
  return key.slice(key.indexOf(' ') + 1);
}
