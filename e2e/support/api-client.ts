import { randomInt, randomUUID } from 'node:crypto';
import { fillPath, methodOf, pathOf, type AnswerOf, type ApiErrorBody, type ApiRouteKey, type BodyOf, type ParamsOf, type QueryOf } from '@hdiya/contracts';
import { testEnv } from '@hdiya/testing';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** What `ApiClient.call` takes for route `K`: its path parameters, query and body, as the route map types them. */
export type RouteCall<K extends ApiRouteKey> = ([ParamsOf<K>] extends [never] ? { params?: never } : { params: ParamsOf<K> }) & {
  query?: [QueryOf<K>] extends [never] ? never : QueryOf<K>;
  body?: [BodyOf<K>] extends [never] ? never : BodyOf<K>;
  headers?: Record<string, string>;
};

/** A browser-like API client: keeps its own session cookie and sends the site's Origin. */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl = testEnv().gatewayUrl,
    private readonly origin: string | null = testEnv().gatewayUrl,
  ) {}

  /** A path the route map does not type (a page, an asset, a path no route serves): see `call` for `/api` routes. */
  get(path: string, headers: Record<string, string> = {}) {
    return this.request<unknown>('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<unknown>('POST', path, body, headers);
  }

  /**
   * A route of the contracts' route map, typed by it: `call('GET /api/donations/{id}', { params: { id } })`
   * answers the route's answer type (a refusal's body is the contracts' `ApiErrorBody`: read it through `asRefusal`).
   */
  call<K extends ApiRouteKey>(route: K, options: RouteCall<K> = {} as RouteCall<K>): Promise<ApiResponse<AnswerOf<K>>> {
    const { params, query, body, headers } = options as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> };
    const search = new URLSearchParams(Object.entries(query ?? {}).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]]))).toString();
    return this.request(methodOf(route), `${fillPath(pathOf(route), params)}${search ? `?${search}` : ''}`, body, headers);
  }

  /** Sends a body exactly as given (malformed JSON, huge payloads). */
  async raw(method: string, path: string, rawBody: string, headers: Record<string, string> = {}) {
    return this.send<unknown>(method, path, rawBody, { 'content-type': 'application/json', ...headers });
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    // A multipart form (a photo upload) goes as it is: fetch writes its content type and boundary.
    if (body instanceof FormData) return this.send<T>(method, path, body, headers);
    const extra: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    return this.send<T>(method, path, body === undefined ? undefined : JSON.stringify(body), { ...extra, ...headers });
  }

  /** A GET whose answer is bytes (a ZIP): the body as it came, with the session's cookies. */
  async download(path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get('hdiya.sid');
  }

  private async send<T>(method: string, path: string, body: string | FormData | undefined, headers: Record<string, string>): Promise<ApiResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      body,
      redirect: 'manual',
      headers: {
        ...(this.origin && method !== 'GET' ? { origin: this.origin } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (redirects, HTML): keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
}

/**
 * A refused answer read as what it is: whatever a route answers on success, its refusals answer
 * the contracts' `ApiErrorBody` (`{statusCode, message, code, field?, retryAt?}`).
 */
export function asRefusal(response: ApiResponse<unknown>): ApiResponse<ApiErrorBody> {
  return response as ApiResponse<ApiErrorBody>;
}

/** Headers that make a client look like one behind its own address (the gateway trusts the loopback proxy's X-Forwarded-For). */
export const anAddress = () => ({ 'x-forwarded-for': `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` });

let counter = 0;
/**
 * Where this process's phone numbers start: each test process counts up from its own random place
 * among the 10^8 numbers, so two processes signing up in the same millisecond do not meet (a
 * number made of the clock and a per-process count did, once: PHONE_TAKEN in another file).
 */
const phoneBase = randomInt(100_000_000);

/** A valid, unique signup payload (username and e-mail never collide; the phone within a run, each on a fresh database). */
export function newMemberPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = randomUUID().replace(/-/g, '').slice(0, 10);
  const digits = String((phoneBase + counter) % 100_000_000).padStart(8, '0');
  return {
    username: `m_${tag}`,
    email: `m_${tag}@example.ma`,
    phone: `06${digits}`,
    password: 'motdepasse-sur',
    confirmPassword: 'motdepasse-sur',
    firstName: 'Salma',
    lastName: 'Idrissi',
    ...overrides,
  };
}

/** Signs a new member up with their own client, returning both. */
export async function signedUpMember(overrides: Record<string, unknown> = {}) {
  const client = new ApiClient();
  const payload = newMemberPayload(overrides);
  const response = await client.call('POST /api/signup', { body: payload as BodyOf<'POST /api/signup'> });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { client, payload, user: response.body };
}
