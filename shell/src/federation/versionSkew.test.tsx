import { render, screen } from '@testing-library/react';
import { AllProviders } from 'shared-ui/test-utils';
import { RemoteArea } from './RemoteArea';
import type { loadArea } from './remoteLoader';
import { VersionSkewError, assertNoSkew, compareVersions, findSkew } from './versionSkew';

const PAGE = { 'shared-api': '0.2.0', 'shared-ui': '0.2.0' };

describe('version skew', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('compares versions part by part', () => {
    expect(compareVersions('0.10.0', '0.9.3')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('0.2.0', '0.2.1')).toBeLessThan(0);
  });

  it('finds only the packages a remote needs newer than the page has', () => {
    expect(findSkew(PAGE, { 'shared-api': '0.3.0', 'shared-ui': '0.1.0' })).toEqual([
      { name: 'shared-api', page: '0.2.0', remote: '0.3.0' },
    ]);
    expect(findSkew(PAGE, PAGE)).toEqual([]);
  });

  it('lets a remote built against the same or older shared code run', () => {
    expect(() => assertNoSkew('brand', { 'shared-api': '0.2.0' }, PAGE)).not.toThrow();
    expect(() => assertNoSkew('brand', undefined, PAGE)).not.toThrow();
  });

  it('reports a remote built against a newer shared-api in the console and refuses it', () => {
    expect(() => assertNoSkew('brand', { 'shared-api': '0.3.0' }, PAGE)).toThrow(VersionSkewError);
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('shared-api 0.3.0 (page has 0.2.0)'),
    );
  });

  it("says so in the area's panel instead of running the remote", async () => {
    const Brand = jest.fn(() => <h1>Brand area</h1>);
    const load: typeof loadArea = jest.fn(async () => {
      assertNoSkew('brand', { 'shared-api': '0.3.0' }, PAGE);
      return Brand;
    });
    render(<RemoteArea area="brand" load={load} />, { wrapper: AllProviders });

    expect(
      await screen.findByRole('heading', { name: 'This section needs a newer version of the page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'shared-api 0.3.0 (this page has 0.2.0)',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(Brand).not.toHaveBeenCalled();
  });
});
