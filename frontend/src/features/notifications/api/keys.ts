export const notificationsKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};
