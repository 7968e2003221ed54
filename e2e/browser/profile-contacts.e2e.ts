import { testEnv } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { browserForFile, screenshot, signedInContext } from '../support/browser.js';

// The profile form asks for the current password when the e-mail or the phone changes, and says
// so in the member's language when it is missing or wrong.

const browser = browserForFile();

describe('changing the e-mail on the profile page', () => {
  it('should ask for the current password, then save the new e-mail', async () => {
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, 'fr');
    const page = await context.newPage();
    await page.goto(`${testEnv().gatewayUrl}/profile`);
    const form = page.getByTestId('profile-form');
    await form.waitFor();
    expect(await form.getByLabel('Mot de passe actuel').count()).toBe(0);

    const email = `profil_${Date.now()}@example.ma`;
    await form.getByLabel('Email', { exact: true }).fill(email);
    const current = form.getByLabel('Mot de passe actuel');
    await current.waitFor();
    await page.getByTestId('profile-submit').click();
    await page.getByTestId('toast').getByText('Saisissez votre mot de passe actuel pour changer votre email ou votre téléphone.').waitFor();

    await current.fill('pas-le-bon-mot-de-passe');
    await page.getByTestId('profile-submit').click();
    await page.getByTestId('toast').getByText('Mot de passe actuel incorrect.').waitFor();

    await current.fill(member.payload.password);
    await page.getByTestId('profile-submit').click();
    await page.getByTestId('toast').getByText('Profil mis à jour').waitFor();
    await current.waitFor({ state: 'detached' });
    // The new address waits for its link (issue 45): the banner says which address stays meanwhile.
    expect((await member.client.call('GET /api/auth/user')).body).toMatchObject({ email: member.payload.email, pendingEmail: email });
    const banner = page.getByTestId('email-verification-banner');
    await banner.getByText('Confirmez votre nouvelle adresse').waitFor();
    expect(await banner.textContent()).toContain(email);
    await context.close();
  });

  it('should say it in Arabic on an Arabic screen', async () => {
    const member = await signedUpMember();
    const context = await signedInContext(browser(), member.client, 'ar');
    const page = await context.newPage();
    await page.goto(`${testEnv().gatewayUrl}/profile`);
    await page.locator('#profile-phone').fill('0611223344');
    await page.getByLabel('كلمة المرور الحالية').waitFor();
    await page.getByTestId('profile-submit').click();
    await page.getByTestId('toast').getByText('أدخل كلمة المرور الحالية لتغيير بريدك الإلكتروني أو هاتفك.').waitFor();
    await screenshot(page, 'profile-current-password-ar');
    await context.close();
  });
});
