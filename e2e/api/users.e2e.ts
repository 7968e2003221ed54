import { ApiClient, signedUpMember } from '../support/api-client.js';

describe('GET /api/users/{id}', () => {
  it('should show a member by first name and last-name initial, never e-mail or phone', async () => {
    const { user } = await signedUpMember({ firstName: 'Karim', lastName: 'Tazi' });
    const res = await new ApiClient().call('GET /api/users/{id}', { params: { id: user.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, displayName: 'Karim T.', firstName: 'Karim', lastName: 'T.' });
    expect(JSON.stringify(res.body)).not.toContain(user.email);
    expect(res.body).not.toHaveProperty('email');
    expect(res.body).not.toHaveProperty('phone');
    expect(res.body).not.toHaveProperty('role');
  });

  it('should fall back to the username without a first name', async () => {
    const { user } = await signedUpMember({ firstName: undefined, lastName: undefined });
    const res = await new ApiClient().call('GET /api/users/{id}', { params: { id: user.id } });
    expect(res.body.displayName).toBe(user.username);
  });

  it.each(['8a0f3b86-3f0c-4a8e-9a43-1d2b3c4d5e6f', 'not-a-uuid', "1' OR '1'='1"])('should answer 404 for %s', async (id) => {
    const res = await new ApiClient().call('GET /api/users/{id}', { params: { id } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
  });
});
