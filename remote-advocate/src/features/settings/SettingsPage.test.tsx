import type { NotificationPreferences } from 'contract';
import { screen, waitFor, within } from '@testing-library/react';
import {
  aProfile,
  fakeApi,
  type FakeCall,
  heldReply,
  replies,
  somePreferences,
} from 'shared-api/testing';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

const PROFILE = 'GET advocate/profile/';
const SAVE_PROFILE = 'PUT advocate/profile/';
const PREFS = 'GET user/notification-preferences/';
const SAVE_PREFS = 'PUT user/notification-preferences/';

const stored = aProfile({ instagram_url: 'https://instagram.com/ada' });

async function openSettings(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  const app = renderAdvocateApp('/advocate/settings');
  await findHeading('Settings');
  return { api, app };
}

describe('settings: profile', () => {
  it('shows the stored profile, the picture hint and the three tabs', async () => {
    await openSettings({ [PROFILE]: replies.profile(stored) });
    expect(await screen.findByLabelText('Full name')).toHaveValue('Ada Obi');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
    expect(screen.getByLabelText('Instagram')).toHaveValue('https://instagram.com/ada');
    expect(screen.getByText('Square image, size less than 100KB')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No profile picture' })).toHaveTextContent('AO');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile settings',
      'Payment methods',
      'Notification & Preferences',
    ]);
  });

  it('shows a stored picture', async () => {
    await openSettings({
      [PROFILE]: replies.profile({ ...stored, picture_url: '/api/v1/files/abc.png?exp=1&sig=x' }),
    });
    expect(await screen.findByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
      'src',
      '/api/v1/files/abc.png?exp=1&sig=x',
    );
  });

  it('Save Changes sends the whole profile (blank fields left out), then says Profile updated', async () => {
    const held = heldReply(
      replies.profile({
        ...stored,
        full_name: 'Ada O.',
        telephone: '+234 801 234 5678',
        instagram_url: '',
        updated_at: '2030-01-01T00:00:00Z',
      }),
    );
    const { api, app } = await openSettings({
      [PROFILE]: replies.profile(stored),
      [SAVE_PROFILE]: held.route,
    });
    const name = await screen.findByLabelText('Full name');
    await app.user.clear(name);
    await app.user.type(name, 'Ada O.');
    await app.user.type(screen.getByLabelText('Telephone'), '+234 801 234 5678');
    await app.user.clear(screen.getByLabelText('Instagram'));
    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    held.release();
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    const call: FakeCall = api.callsTo(SAVE_PROFILE)[0];
    expect(call.encoding).toBe('json');
    expect(call.body).toEqual({
      full_name: 'Ada O.',
      email: 'ada@example.test',
      telephone: '+234 801 234 5678',
    });
    expect(call.authorization).toBe('Bearer test-token');
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada O.');
  });

  it('checks links and phone numbers before sending, and Cancel restores the saved values', async () => {
    const { api, app } = await openSettings({ [PROFILE]: replies.profile(stored) });
    await app.user.type(await screen.findByLabelText('Website'), 'javascript:alert(1)');
    await app.user.type(screen.getByLabelText('Telephone'), 'call me');
    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Enter a valid URL starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(api.callsTo(SAVE_PROFILE)).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Website')).toHaveValue('');
    expect(screen.getByLabelText('Telephone')).toHaveValue('');
  });

  it("puts the server's field errors under their inputs", async () => {
    const { app } = await openSettings({
      [PROFILE]: replies.profile(stored),
      [SAVE_PROFILE]: replies.failure(400, 'email: must be a valid email', {
        email: ['must be a valid email'],
      }),
    });
    await app.user.type(await screen.findByLabelText('Description'), 'Runner');
    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('must be a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('loading, then an error with Retry', async () => {
    let fail = true;
    const { app } = await openSettings({
      [PROFILE]: () => (fail ? replies.bodiless(500) : replies.profile(stored)),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load profile');
    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: /retry/i }));
    expect(await screen.findByLabelText('Full name')).toHaveValue('Ada Obi');
  });
});

describe('settings: notification & preferences', () => {
  const defaults = somePreferences();

  it('shows each channel as a switch and saves a change at once', async () => {
    const { api, app } = await openSettings({
      [PROFILE]: replies.profile(stored),
      [PREFS]: replies.preferences(defaults),
      [SAVE_PREFS]: (call) => replies.preferences(call.body as NotificationPreferences),
    });
    await app.user.click(screen.getByRole('tab', { name: 'Notification & Preferences' }));
    const switches = await screen.findAllByRole('switch');
    expect(switches).toHaveLength(5);
    expect(
      ['In-App', 'Email', 'SMS', 'Push', 'Chat'].map((name) =>
        screen.getByRole('switch', { name }).getAttribute('aria-checked'),
      ),
    ).toEqual(['true', 'true', 'false', 'false', 'true']);

    await app.user.click(screen.getByRole('switch', { name: 'SMS' }));
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(api.bodyOf(SAVE_PREFS)).toEqual({ ...defaults, sms: true });
    expect(screen.getByRole('switch', { name: 'SMS' })).toHaveAttribute('aria-checked', 'true');
  });

  it('a failed save puts the switch back and says so', async () => {
    const { app } = await openSettings({
      [PROFILE]: replies.profile(stored),
      [PREFS]: replies.preferences(defaults),
      [SAVE_PREFS]: replies.bodiless(500),
    });
    await app.user.click(screen.getByRole('tab', { name: 'Notification & Preferences' }));
    await app.user.click(await screen.findByRole('switch', { name: 'Push' }));
    expect(await screen.findByText('Failed to save preferences')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Push' })).toHaveAttribute('aria-checked', 'false'),
    );
  });

  it('an error with Retry when they cannot be loaded', async () => {
    const { app } = await openSettings({
      [PROFILE]: replies.profile(stored),
      [PREFS]: replies.bodiless(500),
    });
    await app.user.click(screen.getByRole('tab', { name: 'Notification & Preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load preferences');
  });
});
