import { MANIFEST_ELEMENT_ID, fetchManifest, readPageManifest } from './manifest';

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

describe('readPageManifest', () => {
  afterEach(() => document.getElementById(MANIFEST_ELEMENT_ID)?.remove());

  function writeIntoPage(text: string) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = MANIFEST_ELEMENT_ID;
    block.textContent = text;
    document.head.append(block);
  }

  it('reads the manifest the server wrote into the page, keeping the known remotes', () => {
    writeIntoPage(
      JSON.stringify({ remote_auth: 'http://localhost:8001/remoteEntry.js', evil: 'http://x/' }),
    );
    expect(readPageManifest()).toEqual({ remote_auth: 'http://localhost:8001/remoteEntry.js' });
  });

  it('is null on a page without one (the dev server) or with an unreadable one', () => {
    expect(readPageManifest()).toBeNull();
    writeIntoPage('{not json');
    expect(readPageManifest()).toBeNull();
  });
});
