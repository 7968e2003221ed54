import { randomUUID } from 'node:crypto';
import { DELETED_MEMBER_NAME } from '@hdiya/contracts';
import { memberViewOf, UNKNOWN_MEMBER_NAME } from './member-view.js';

// How a conversation names a member: from this service's read model of the users service's events.
describe('a member as messages show them', () => {
  const id = randomUUID();

  it('should show a first name and the last name\'s initial, never the whole last name', () => {
    const view = memberViewOf(id, { username: 'amina_b', first_name: 'Amina', last_name: 'benali', profile_image_url: '/api/images/a.webp' });
    expect(view).toEqual({ id, displayName: 'Amina B.', firstName: 'Amina', lastName: 'B.', profileImageUrl: '/api/images/a.webp', deleted: false });
  });

  it('should name a member by username when no first name is given', () => {
    expect(memberViewOf(id, { username: 'youssef9', first_name: '  ', last_name: null, profile_image_url: null }).displayName).toBe('youssef9');
  });

  it('should name a member the users service has not told about yet "Membre"', () => {
    const view = memberViewOf(id, { username: null, first_name: null, last_name: null, profile_image_url: null });
    expect(view.displayName).toBe(UNKNOWN_MEMBER_NAME);
    expect(view.deleted).toBe(false);
  });

  it('should mark a deleted member\'s tombstone as deleted', () => {
    const view = memberViewOf(id, { username: DELETED_MEMBER_NAME, first_name: null, last_name: null, profile_image_url: null });
    expect(view).toMatchObject({ displayName: DELETED_MEMBER_NAME, deleted: true });
  });
});
