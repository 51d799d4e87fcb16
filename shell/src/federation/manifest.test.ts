import { fetchManifest } from './manifest';

function respond(body: unknown, status = 200): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
}

describe('fetchManifest', () => {
  it('keeps the known remotes and their entry URLs', async () => {
    const manifest = await fetchManifest(
      respond({
        remote_auth: 'http://localhost:8001/remoteEntry.js',
        remote_brand: 'https://cdn.example/brand/remoteEntry.js',
      }),
    );
    expect(manifest).toEqual({
      remote_auth: 'http://localhost:8001/remoteEntry.js',
      remote_brand: 'https://cdn.example/brand/remoteEntry.js',
    });
  });

  it('drops unknown names and non-string entries', async () => {
    const manifest = await fetchManifest(
      respond({ remote_user: 42, evil: 'http://x/remoteEntry.js' }),
    );
    expect(manifest).toEqual({});
  });

  it('fails when the platform cannot serve the manifest', async () => {
    await expect(fetchManifest(respond({}, 503))).rejects.toThrow('503');
  });
});
