// Web Push (spec.md §2 'Settings', notifications Push): shows what the server sends, and opens the
// app when the notification is clicked.
self.addEventListener('push', (event) => {
  let message = { title: 'SIL', body: '' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    message.body = event.data ? event.data.text() : '';
  }
  event.waitUntil(
    self.registration.showNotification(message.title, { body: message.body, icon: '/favicon.svg' }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow('/'));
});
