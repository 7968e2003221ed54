import type { AnswerOf, ApiErrorBody, ApiRouteKey, BodyOf, GiftInProgressView, ParamsOf, QueryOf, SuspensionNotice } from '@hdiya/contracts';

export type { ApiErrorBody };

/** A non-OK answer from the API. `code` is the stable name the UI translates; `message` is French. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** When the limit that refused the call frees up (ISO 8601), if it does at a known time. */
  readonly retryAt: string | undefined;
  /** MEMBER_SUSPENDED: why and until when, to say in the member's language. */
  readonly suspension: SuspensionNotice | undefined;
  /** GIFTS_IN_PROGRESS: the gifts deleting the account would cancel. */
  readonly gifts: GiftInProgressView[] | undefined;
  /** True when `message` came from the JSON body (French text meant for people), not a raw status line. */
  readonly fromServer: boolean;

  constructor(status: number, message: string, options: { code?: string; field?: string; retryAt?: string; suspension?: SuspensionNotice; gifts?: GiftInProgressView[]; fromServer?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.field = options.field;
    this.retryAt = options.retryAt;
    this.suspension = options.suspension;
    this.gifts = options.gifts;
    this.fromServer = options.fromServer ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** extra request headers, e.g. `Idempotency-Key` */
  headers?: Record<string, string>;
}

/** A suspension notice as it came, or nothing when it is not one. */
function suspensionOf(value: unknown): SuspensionNotice | undefined {
  const notice = value as Partial<SuspensionNotice> | undefined;
  if (typeof notice?.reason !== 'string') return undefined;
  return { reason: notice.reason, until: typeof notice.until === 'string' ? notice.until : null };
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  // Anything may answer an error (a proxy's page, a cut connection): read every field as optional.
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = text ? (JSON.parse(text) as Partial<ApiErrorBody>) : undefined;
  } catch {
    body = undefined;
  }
  const raw: unknown = body?.message;
  const serverMessage = Array.isArray(raw) ? raw.join(' ') : typeof raw === 'string' ? raw : undefined;
  const message = serverMessage || `${response.status}: ${text || response.statusText}`;
  return new ApiError(response.status, message, {
    code: body?.code,
    field: body?.field,
    retryAt: typeof body?.retryAt === 'string' ? body.retryAt : undefined,
    suspension: suspensionOf(body?.suspension),
    gifts: Array.isArray(body?.gifts) ? body.gifts : undefined,
    fromServer: Boolean(serverMessage),
  });
}

async function send(method: Method, url: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await fetch(url, {
    method,
    headers,
    body,
    credentials: 'include',
    cache: 'no-store',
    signal: options.signal,
  });

  if (!response.ok) throw await toApiError(response);
  return response;
}

async function parseBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function request<T>(method: Method, url: string, options: RequestOptions = {}): Promise<T> {
  return parseBody<T>(await send(method, url, options));
}

/** Lists stay plain JSON arrays; the gateway puts the next page's cursor in this header. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const SUGGESTION_HEADER = 'X-Search-Suggestion';

/** One page of a list and the cursor of the next one (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** How many a search found in all (its first page only): exact, or `capped` at `count`. */
  total?: { count: number; capped: boolean };
  /** "Did you mean": words that find something, when a search found nothing. */
  suggestion?: string;
}

/** `X-Total-Count`: a number, or the cap followed by `+` when the search found more. */
export function totalFrom(headers: Pick<Headers, 'get'>): Page<unknown>['total'] {
  const match = /^(\d{1,9})(\+?)$/.exec(headers.get(TOTAL_COUNT_HEADER)?.trim() ?? '');
  return match ? { count: Number(match[1]), capped: match[2] === '+' } : undefined;
}

/** `X-Search-Suggestion`: the words the gateway URI-encoded, or undefined (absent, or not decodable). */
export function suggestionFrom(headers: Pick<Headers, 'get'>): string | undefined {
  const value = headers.get(SUGGESTION_HEADER)?.trim();
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The cursor to pass back as `?cursor=`, or null when the header is absent or blank (last page). */
export function nextCursorFrom(headers: Pick<Headers, 'get'>): string | null {
  const value = headers.get(NEXT_CURSOR_HEADER)?.trim();
  return value ? value : null;
}

/** For useInfiniteQuery: `undefined` tells react-query there is no next page. */
export function nextPageParam<T>(page: Page<T>): string | undefined {
  return page.nextCursor ?? undefined;
}

/** GET a paginated list: the array body plus the next cursor from the response header. */
export async function getPage<T>(url: string, signal?: AbortSignal): Promise<Page<T>> {
  const response = await send('GET', url, { signal });
  const items = await parseBody<T[] | undefined>(response);
  const total = totalFrom(response.headers);
  const suggestion = suggestionFrom(response.headers);
  return { items: Array.isArray(items) ? items : [], nextCursor: nextCursorFrom(response.headers), ...(total ? { total } : {}), ...(suggestion ? { suggestion } : {}) };
}

/** `?a=1&b=x` from the defined, non-empty entries; keeps the given order so query keys stay stable. */
export function withQuery(path: string, params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * What a call of route `K` takes, typed by the contracts' route map: its path parameters (when it
 * has some), its query string and its JSON body.
 */
export type CallOptions<K extends ApiRouteKey> = { signal?: AbortSignal; headers?: Record<string, string> } & ([ParamsOf<K>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<K> }) &
  ([QueryOf<K>] extends [never] ? { query?: undefined } : { query?: QueryOf<K> }) &
  ([BodyOf<K>] extends [never] ? { body?: undefined } : { body?: BodyOf<K> });

type CallArguments<K extends ApiRouteKey> = [ParamsOf<K>] extends [never] ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** `'GET /api/donations/{id}'` with `{ params: { id: 7 } }` → `['GET', '/api/donations/7']`. */
function target<K extends ApiRouteKey>(route: K, options: CallOptions<K> = {} as CallOptions<K>): [Method, string] {
  const space = route.indexOf(' ');
  const params = (options.params ?? {}) as Record<string, string | number>;
  const path = route.slice(space + 1).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = options.query as Record<string, string | number | boolean | null | undefined> | undefined;
  return [route.slice(0, space) as Method, query ? withQuery(path, query) : path];
}

/** Calls a route of the route map: `call('GET /api/donations/{id}', { params: { id } })` answers a `DonationView`. */
export function call<K extends ApiRouteKey>(route: K, ...[options]: CallArguments<K>): Promise<AnswerOf<K>> {
  const [method, url] = target(route, options);
  return request<AnswerOf<K>>(method, url, { body: options?.body, signal: options?.signal, headers: options?.headers });
}

/** The routes that answer a list a page at a time (the cursor in `X-Next-Cursor`). */
type PagedRoute =
  | 'GET /api/donations'
  | 'GET /api/user/favorites'
  | 'GET /api/user/donations'
  | 'GET /api/user/reservations'
  | 'GET /api/admin/donations'
  | 'GET /api/admin/audit-log'
  | 'GET /api/admin/contact-messages';

type ItemOf<A> = A extends readonly (infer T)[] ? T : never;

/** GETs one page of a paginated route of the route map. */
export function callPage<K extends PagedRoute>(route: K, ...[options]: CallArguments<K>): Promise<Page<ItemOf<AnswerOf<K>>>> {
  const [, url] = target(route, options);
  return getPage<ItemOf<AnswerOf<K>>>(url, options?.signal);
}
