/** @jest-environment ../remote-brand/src/test/jsdomWithFetch.ts */
// Multipart bodies need Node's FormData and File: remote-brand's test environment provides them.
import { screen } from '@testing-library/react';
import { aProfile, fakeApi, replies } from 'shared-api/testing';
import { findHeading, renderAdvocateApp } from '../../test/renderAdvocateApp';

const stored = aProfile({
  picture_url: '/api/v1/files/old.png?exp=1&sig=x',
  updated_at: '2030-01-01T00:00:00Z',
});

describe('settings: profile picture', () => {
  it('a chosen picture goes up as multipart with the other fields', async () => {
    const api = fakeApi({
      'GET advocate/profile/': replies.profile(stored),
      'PUT advocate/profile/': replies.profile({
        ...stored,
        picture_url: '/api/v1/files/new.png?exp=1&sig=y',
      }),
    });
    const app = renderAdvocateApp('/advocate/settings');
    await findHeading('Settings');
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    await app.user.upload(await screen.findByLabelText('Upload a picture'), picture);
    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    const [call] = api.callsTo('PUT advocate/profile/');
    expect(call.encoding).toBe('multipart');
    expect(call.body).toEqual({
      full_name: 'Ada Obi',
      email: 'ada@example.test',
      picture: { file: 'me.png', type: 'image/png', size: 4 },
    });
    expect(await screen.findByRole('img', { name: 'Your profile picture' })).toHaveAttribute(
      'src',
      '/api/v1/files/new.png?exp=1&sig=y',
    );
  });

  it('Remove picture asks the server to drop the stored one', async () => {
    const api = fakeApi({
      'GET advocate/profile/': replies.profile(stored),
      'PUT advocate/profile/': replies.profile({ ...stored, picture_url: null }),
    });
    const app = renderAdvocateApp('/advocate/settings');
    await findHeading('Settings');
    await app.user.click(await screen.findByRole('button', { name: 'Remove picture' }));
    expect(screen.getByRole('img', { name: 'No profile picture' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(api.bodyOf('PUT advocate/profile/')).toEqual({
      full_name: 'Ada Obi',
      email: 'ada@example.test',
      remove_picture: true,
    });
  });
});
