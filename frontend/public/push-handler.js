// Web Push in the service worker (decision 0025), imported by the one vite-plugin-pwa generates.
// The messaging service sends {title, body, url, tag, lang, dir, actions: [{action, title, url}]},
// already in the member's language; this file only shows it and opens the page it names.

const ownPage = (url) => {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
};

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  const actions = (Array.isArray(message.actions) ? message.actions : []).filter(
    (a) => a && (a.action === 'reply' || a.action === 'view') && typeof a.title === 'string',
  );
  const tag = typeof message.tag === 'string' && message.tag ? message.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      lang: message.lang === 'ar' ? 'ar' : 'fr',
      dir: message.dir === 'rtl' ? 'rtl' : 'ltr',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // One notification per conversation: a newer message replaces it and rings again.
      ...(tag ? { tag, renotify: true } : {}),
      actions: actions.map((a) => ({ action: a.action, title: a.title })),
      data: {
        url: ownPage(message.url || '/'),
        actions: Object.fromEntries(actions.map((a) => [a.action, ownPage(a.url || message.url || '/')])),
      },
    }),
  );
});

// "Répondre" opens the conversation, "Voir l'objet" the donation, the notification itself its url:
// in the Hdiya tab already open when there is one (navigated there), else in a new window.
// Named on the worker so the browser tests can run it on a notification they cannot click.
self.hdiyaOpenNotification = async (notification, action) => {
  const data = notification.data || {};
  const target = (action && data.actions && data.actions[action]) || data.url || `${self.location.origin}/`;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.find((w) => w.url === target) || windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (ours) {
    try {
      const shown = ours.url === target ? ours : await ours.navigate(target);
      if (shown) {
        await shown.focus().catch(() => undefined); // focusing needs the click's user activation
        return shown;
      }
    } catch {
      // a tab this worker does not control yet: a new window instead
    }
  }
  return self.clients.openWindow(target);
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.hdiyaOpenNotification(event.notification, event.action));
});
