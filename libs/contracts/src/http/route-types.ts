import type { z } from 'zod';
import type { PathParamKind, RouteAnswer } from './route.js';
import type { ApiRouteKey, ApiRoutes } from './routes.js';

type Spec<K extends ApiRouteKey> = (typeof ApiRoutes)[K];

/** What route `K` answers (the gateway's TypeScript answer type). */
export type AnswerOf<K extends ApiRouteKey> = Spec<K>['answer'] extends RouteAnswer<infer T> ? T : never;

/** The JSON body route `K` takes, as a client writes it (`unknown`: a multipart form; `never` when it takes none). */
export type BodyOf<K extends ApiRouteKey> = Spec<K> extends { body: infer B } ? (B extends z.ZodType ? z.input<B> : unknown) : never;

/** The query string route `K` reads, as a client writes it (`never` when it reads none). */
export type QueryOf<K extends ApiRouteKey> = Spec<K> extends { query: infer Q } ? (Q extends z.ZodType ? Partial<Record<keyof z.input<Q>, string | number | boolean | null | undefined>> : never) : never;

type ParamValue<P extends PathParamKind> = P extends 'donationId' | 'ratingId' ? number | string : string;

/** The path parameters of route `K` (`{id}` → `{ id }`). */
export type ParamsOf<K extends ApiRouteKey> = Spec<K> extends { params: infer P } ? { [N in keyof P]: P[N] extends PathParamKind ? ParamValue<P[N]> : never } : never;

/** The routes taking a given method, e.g. `RoutesOf<'GET'>`. */
export type RoutesOf<M extends string> = Extract<ApiRouteKey, `${M} ${string}`>;
