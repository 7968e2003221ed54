import { waitFor } from '@hdiya/testing';
import { createAdminCommand } from '../support/admin.js';
import { ApiClient, newMemberPayload, signedUpMember } from '../support/api-client.js';

describe('the create-admin command', () => {
  it('should create an administrator who signs in with the admin role and gets the welcome points', async () => {
    const admin = newMemberPayload();
    const { stdout } = await createAdminCommand(
      ['--username', admin.username, '--email', admin.email, '--phone', admin.phone],
      admin.password,
    );
    expect(stdout).toContain(`administrator ${admin.username} created`);

    const client = new ApiClient();
    const login = await client.call('POST /api/login', { body: { username: admin.username, password: admin.password } });
    expect(login.status).toBe(200);
    expect(login.body.role).toBe('admin');
    // The account was created outside the web app; its UserRegistered event still reaches points.
    await waitFor(async () => (await client.call('GET /api/auth/user')).body.points === 10, { what: 'welcome points' });
  });

  it('should promote an existing member, effective at their next sign-in', async () => {
    const { payload } = await signedUpMember();
    await createAdminCommand(['--username', payload.username, '--promote']);
    const login = await new ApiClient().call('POST /api/login', { body: { username: payload.username, password: payload.password } });
    expect(login.body.role).toBe('admin');
  });

  it('should refuse an invalid administrator with the validation message', async () => {
    const admin = newMemberPayload();
    const failure = await createAdminCommand(['--username', admin.username, '--email', admin.email, '--phone', '123'], admin.password).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('phone');
  });
});
