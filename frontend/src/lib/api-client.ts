/** Body of every error the gateway answers: `{ statusCode, message, code, field? }`. */
export interface ApiErrorBody {
  statusCode?: number;
  message?: string | string[];
  code?: string;
  field?: string;
}

/** A non-OK answer from the API. `code` is the stable name the UI translates; `message` is French. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** True when `message` came from the JSON body (French text meant for people), not a raw status line. */
  readonly fromServer: boolean;

  constructor(status: number, message: string, options: { code?: string; field?: string; fromServer?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.field = options.field;
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
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: ApiErrorBody | undefined;
  try {
    body = text ? (JSON.parse(text) as ApiErrorBody) : undefined;
  } catch {
    body = undefined;
  }
  const raw = body?.message;
  const serverMessage = Array.isArray(raw) ? raw.join(' ') : raw;
  const message = serverMessage || `${response.status}: ${text || response.statusText}`;
  return new ApiError(response.status, message, {
    code: body?.code,
    field: body?.field,
    fromServer: Boolean(serverMessage),
  });
}

export async function request<T>(method: Method, url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
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
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(url: string, signal?: AbortSignal) => request<T>('GET', url, { signal }),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, { body }),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, { body }),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, { body }),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
