/** A push for one member, in their language; the service worker shows it as a notification. */
export interface PushMessage {
  title: string;
  body: string;
  /** The page a click opens: a path of the web app (`/messages/…`); anything else opens `/`. */
  url: string;
  /** Pushes with the same tag replace each other, on the device and still queued (`conversation:<otherId>:<donationId>`). */
  tag?: string;
  lang: 'fr' | 'ar';
  /** Buttons, titled in the member's language: `reply` opens the conversation, `view` the donation. */
  actions?: { action: 'reply' | 'view'; title: string }[];
  /** Where the buttons lead, when they differ from `url`. */
  replyUrl?: string;
  viewUrl?: string;
  /** The push service's priority for a device saving its battery (default normal). */
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** The JSON the service worker receives (public/push-handler.js in the web app reads it). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
  lang: 'fr' | 'ar';
  dir: 'ltr' | 'rtl';
  actions: { action: 'reply' | 'view'; title: string; url: string }[];
}

// Push services accept about 4 KB of payload: titles and bodies are cut well before.
const TITLE_MAX = 120;
const BODY_MAX = 600;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Only a path of our own origin (not `//host` nor `javascript:`): a push must never lead elsewhere. */
export const sameOriginPath = (url: string | undefined): string | undefined =>
  url !== undefined && /^\/(?![/\\])/.test(url) ? url : undefined;

export function pushPayloadOf(message: PushMessage): PushPayload {
  const url = sameOriginPath(message.url) ?? '/';
  return {
    title: cut(message.title, TITLE_MAX),
    body: cut(message.body, BODY_MAX),
    url,
    ...(message.tag ? { tag: message.tag } : {}),
    lang: message.lang,
    dir: message.lang === 'ar' ? 'rtl' : 'ltr',
    actions: (message.actions ?? []).slice(0, 2).map((a) => ({
      action: a.action,
      title: cut(a.title, 40),
      url: sameOriginPath(a.action === 'reply' ? message.replyUrl : message.viewUrl) ?? url,
    })),
  };
}
