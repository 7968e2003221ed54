import { getResponse, http, HttpResponse, type HttpHandler } from 'msw';
import { afterEach, beforeEach } from 'vitest';

// The API as a component test sees it: MSW's handlers answer the app's own fetch calls, so a page
// runs its real client, queries and error handling. The DOM's fetch is happy-dom's, which MSW's
// Node interceptors do not see: happy-dom's own fetch interceptor hands each request to the
// handlers. A call no handler answers fails the test with a 501 naming it.

export { http, HttpResponse };

interface HappyDomWindow {
  happyDOM: { settings: { fetch: { interceptor: unknown } } };
}

let handlers: HttpHandler[] = [];
const unanswered: string[] = [];

/** Answers this file's API calls from each test's handlers (`answer`), and fails a test that made a call none answered. */
export function answerFromTestApi(): void {
  beforeEach(() => {
    handlers = [];
    unanswered.length = 0;
    (window as unknown as HappyDomWindow).happyDOM.settings.fetch.interceptor = {
      beforeAsyncRequest: async ({ request }: { request: Request }) => {
        const response = await getResponse(handlers, request);
        if (response) return response;
        const call = `${request.method} ${new URL(request.url).pathname}`;
        unanswered.push(call);
        return HttpResponse.json({ statusCode: 501, message: `no test answer for ${call}` }, { status: 501 });
      },
    };
  });
  afterEach(() => {
    if (unanswered.length > 0) throw new Error(`API calls no test answered: ${[...new Set(unanswered)].join(', ')}`);
  });
}

/** This test's answers; a later one for the same call wins. */
export function answer(...added: HttpHandler[]): void {
  handlers = [...added, ...handlers];
}

/** A visitor: the session route answers 401, as the gateway does without a session. */
export const signedOut = http.get('/api/auth/user', () => HttpResponse.json({ statusCode: 401, message: 'Non authentifié' }, { status: 401 }));
