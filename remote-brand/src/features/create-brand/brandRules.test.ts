// The brand form and the server judge every field pattern alike: the same inputs go to the
// form's yup schema and to the server's request schema (the contract's BrandInput, the one the
// API validates with), and each input is accepted by both or refused by both.
import { BrandInput } from 'contract';
import { withWebScheme } from 'contract/rules';
import { Value } from 'typebox/value';
import { brandSchema } from './brandSchema';

// The create route reads a scheme-less website with https:// before validating (withWebScheme).
const acceptedByServer = (field: string, value: string) =>
  Value.Check(BrandInput, {
    brand_name: 'Acme',
    [field]: field === 'website_url' ? withWebScheme(value) : value,
  });
const acceptedByForm = (field: string, value: string) =>
  brandSchema.isValidSync({ brand_name: 'Acme', [field]: value });

const URLS: Array<[string, boolean]> = [
  ['https://example.com', true],
  ['http://example.com', true],
  // URL schemes ignore letter case, and so do both sides.
  ['HTTPS://example.com', true],
  ['Http://Example.COM/Shop?q=1#top', true],
  ['https://shop.example.co.uk/path/to/page', true],
  ['example.com', false],
  ['ftp://example.com', false],
  ['https://localhost', false],
  ['javascript:alert(1)', false],
  ['https://exa mple.com', false],
  ['https://example.com/with space', false],
  ['https://', false],
  // Share links send visitors to these URLs: no credentials, no private or loopback addresses.
  ['https://user:secret@shop.example.com/', false],
  ['https://shop.example.com/contact@us', true],
  ['http://127.0.0.1:8000/admin', false],
  ['http://10.0.0.5/', false],
  ['http://192.168.1.1/', false],
  ['http://172.20.0.1/', false],
  ['http://169.254.169.254/latest/meta-data', false],
  ['http://[::1]/', false],
  ['http://172.40.0.1/', true],
  // Other notations of the same addresses, as a browser reads them (WHATWG URL).
  ['https://0177.0.0.1/', false],
  ['https://0x7f.0.0.1/', false],
  ['https://0177.1/', false],
  ['https://0x7f.1/', false],
  ['https://①②⑦.0.0.1/', false],
  ['https://012.0.0.1/', false],
  ['https://0300.0250.0.1/', false],
  ['https://0251.0376.0251.0376/', false],
  ['https://0x1ffffffff.1/', false],
  ['https://0x2e.0x27.0.1/', true],
];

const PHONES: Array<[string, boolean]> = [
  ['+234 801 234 5678', true],
  ['(080) 123-4567', false],
  ['0801234567', true],
  ['+1 (555) 010-9999', true],
  ['12345', false],
  ['abc1234567', false],
  ['+1 555 CALL NOW', false],
  ['++2348012345', false],
];

describe('brand form and server agree', () => {
  const WEBSITES: Array<[string, boolean]> = [
    ...URLS.filter(([url]) => url !== 'example.com'),
    // A website typed without its scheme is read with https://.
    ['example.com', true],
    ['lumenroast.test', true],
    ['www.lumenroast.test/shop?x=1', true],
    ['lumenroast', false],
    ['127.0.0.1', false],
  ];

  it.each(WEBSITES)('website_url %p → accepted %p by both', (value, accepted) => {
    expect(acceptedByServer('website_url', value)).toBe(accepted);
    expect(acceptedByForm('website_url', value)).toBe(accepted);
  });

  it.each(URLS)('instagram_url %p → accepted %p by both', (value, accepted) => {
    expect(acceptedByServer('instagram_url', value)).toBe(accepted);
    expect(acceptedByForm('instagram_url', value)).toBe(accepted);
  });

  it.each(PHONES)('phone_no %p → accepted %p by both', (value, accepted) => {
    expect(acceptedByServer('phone_no', value)).toBe(accepted);
    expect(acceptedByForm('phone_no', value)).toBe(accepted);
  });

  it('both require a brand name', () => {
    expect(Value.Check(BrandInput, { brand_name: '   ' })).toBe(false);
    expect(brandSchema.isValidSync({ brand_name: '   ' })).toBe(false);
  });
});
