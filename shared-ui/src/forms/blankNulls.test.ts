import { blankNulls } from './blankNulls';

describe('blankNulls', () => {
  it("gives the named fields, each null or missing one as '', and leaves the others out", () => {
    const record: { name: string | null; url?: string; price: number | null; id: number } = {
      name: null,
      price: 0,
      id: 7,
    };
    expect(blankNulls(record, ['name', 'url', 'price'])).toEqual({ name: '', url: '', price: 0 });
  });
});
