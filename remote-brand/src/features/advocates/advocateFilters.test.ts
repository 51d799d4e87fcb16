import { readFilters, writeFilters } from './advocateFilters';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('advocate list filters in the URL', () => {
  it('reads every filter', () => {
    expect(read('brand_id=3&campaign_id=11&status=running&q=ada&page=2&per_page=50')).toEqual({
      brandId: 3,
      campaignId: 11,
      status: 'running',
      search: 'ada',
      page: 2,
      perPage: 50,
    });
  });

  it('falls back to page 1 and 20 a page, and drops what it cannot read', () => {
    expect(read('per_page=15&page=0&campaign_id=CMP-1&status=paused&brand_id=-3')).toEqual({
      brandId: null,
      campaignId: null,
      status: null,
      search: '',
      page: 1,
      perPage: 20,
    });
    expect(read('per_page=abc&page=2.5')).toMatchObject({ page: 1, perPage: 20 });
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(writeFilters(read('')).toString()).toBe('');
    const filters = read('campaign_id=11&status=active&page=3&per_page=10&q=bo');
    expect(readFilters(writeFilters(filters))).toEqual(filters);
  });
});
