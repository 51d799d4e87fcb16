import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fakeClock, SAMPLE_FILES } from '../../test/helpers.js';
import { parseRange } from './routes.js';
import { FileUrlSigner } from './signing.js';
import { sniff } from './sniff.js';

const head = (...parts: Array<string | number[]>) =>
  Buffer.concat([
    ...parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
    Buffer.alloc(16),
  ]);

describe('sniff', () => {
  it('recognises the accepted formats by their magic bytes', () => {
    assert.deepEqual(sniff(SAMPLE_FILES.pdf), { kind: 'pdf', mime: 'application/pdf', ext: 'pdf' });
    assert.equal(sniff(SAMPLE_FILES.png)?.mime, 'image/png');
    assert.equal(sniff(SAMPLE_FILES.jpeg)?.mime, 'image/jpeg');
    assert.equal(sniff(head('GIF89a'))?.mime, 'image/gif');
    assert.equal(sniff(head('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.mime, 'image/webp');
    assert.equal(sniff(SAMPLE_FILES.mp4)?.mime, 'video/mp4');
    assert.equal(sniff(head([0, 0, 0, 0x14], 'ftypqt  '))?.mime, 'video/quicktime');
    assert.equal(sniff(head([0x1a, 0x45, 0xdf, 0xa3]))?.mime, 'video/webm');
  });

  it('rejects everything else, including look-alikes', () => {
    for (const content of [
      SAMPLE_FILES.exe,
      head('<html><script>'),
      head('RIFF', [1, 2, 3, 4], 'WAVEfmt '),
      head([0, 0, 0, 0x18], 'ftypheic'),
      head([0, 0, 0, 0x18], 'ftypM4A '),
      Buffer.from('%PD'),
      Buffer.alloc(0),
    ]) {
      assert.equal(sniff(content), undefined, content.subarray(0, 12).toString('latin1'));
    }
  });
});

describe('parseRange', () => {
  it('reads single byte ranges', () => {
    assert.deepEqual(parseRange('bytes=0-9', 100), { start: 0, end: 9 });
    assert.deepEqual(parseRange('bytes=90-', 100), { start: 90, end: 99 });
    assert.deepEqual(parseRange('bytes=-10', 100), { start: 90, end: 99 });
    assert.deepEqual(parseRange('bytes=50-500', 100), { start: 50, end: 99 });
    assert.equal(parseRange('bytes=200-300', 100), 'invalid');
    assert.equal(parseRange('bytes=9-3', 100), 'invalid');
    assert.equal(parseRange('bytes=0-1,5-6', 100), undefined, 'several ranges: the whole file');
    assert.equal(parseRange(undefined, 100), undefined);
  });
});

describe('FileUrlSigner', () => {
  const secret = 'test-secret-test-secret-test-secret-0123456789';

  it('accepts its own URLs until they expire, nothing else', () => {
    const clock = fakeClock();
    const signer = new FileUrlSigner(secret, clock);
    const url = new URL(signer.url('abc.pdf'), 'http://x.test');
    const exp = url.searchParams.get('exp') ?? '';
    const sig = url.searchParams.get('sig') ?? '';
    assert.equal(url.pathname, '/api/v1/files/abc.pdf');
    assert.ok((signer.verify('abc.pdf', exp, sig) ?? 0) > 3500);
    assert.equal(signer.verify('abd.pdf', exp, sig), undefined, 'another file');
    assert.equal(
      signer.verify('abc.pdf', String(Number(exp) + 1), sig),
      undefined,
      'a later expiry',
    );
    assert.equal(signer.verify('abc.pdf', exp, `${sig}A`), undefined);
    assert.equal(signer.verify('abc.pdf', exp, undefined), undefined);
    assert.equal(signer.verify('abc.pdf', '1e9', sig), undefined);
    assert.equal(
      new FileUrlSigner(`${secret}x`, clock).verify('abc.pdf', exp, sig),
      undefined,
      'another secret',
    );
    clock.advance(2 * 60 * 60 * 1000);
    assert.equal(signer.verify('abc.pdf', exp, sig), undefined, 'expired');
  });

  it('gives the same URL within a few minutes (browser caching)', () => {
    const clock = fakeClock(new Date('2030-01-01T12:00:30Z'));
    const signer = new FileUrlSigner(secret, clock);
    const first = signer.url('abc.pdf');
    clock.advance(60 * 1000);
    assert.equal(signer.url('abc.pdf'), first);
  });
});
