// One encoding of a click, used twice: the journal's lines and the click store's COPY are both
// PostgreSQL's binary COPY tuples (a field count, then each field as a length and its bytes).
// Binary rather than text because the database then parses nothing: on PGlite, reading the
// time as text alone cost about as much as storing the rest of the row, and a click's text row
// took twice as long to build here as its binary tuple.
import { CLICK_SOURCES, DEVICE_CLASSES, type ClickRow } from '../../db/schema.js';

/** A click as the redirect records it: every column of its row. */
export type Click = Required<ClickRow>;

/** The columns of a tuple, in order (the COPY statement names them the same way). */
export const CLICK_COLUMNS =
  'click_id, created_at, link_id, campaign_id, product_id, advocate_id, brand_id, source, referrer_host, device, visitor_hash';
const FIELDS = 11;

/** The binary COPY stream's header: signature, flags, no header extension. */
export const COPY_BINARY_HEADER = Buffer.concat([
  Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
  Buffer.alloc(8),
]);
/** The end of the stream: a field count of -1. */
export const COPY_BINARY_TRAILER = Buffer.from([0xff, 0xff]);

/** timestamptz travels as microseconds since 2000-01-01 UTC. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const NULL_LENGTH = -1;
/** Most bytes of a tuple besides its text: the field count, eleven lengths, time and five ints. */
const FIXED_BYTES = 2 + FIELDS * 4 + 8 + 5 * 4;

/** The clicks as consecutive tuples (no header or trailer): what a COPY or the journal takes. */
export function encodeClicks(clicks: readonly Click[]): Buffer {
  let size = 0;
  for (const c of clicks)
    size +=
      FIXED_BYTES +
      c.clickId.length +
      c.source.length +
      c.device.length +
      c.visitorHash.length +
      (c.referrerHost === null ? 0 : Buffer.byteLength(c.referrerHost));
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  const text = (value: string | null) => {
    if (value === null) {
      at = out.writeInt32BE(NULL_LENGTH, at);
      return;
    }
    const length = out.write(value, at + 4, 'utf8');
    out.writeInt32BE(length, at);
    at += 4 + length;
  };
  const int = (value: number | null) => {
    if (value === null) {
      at = out.writeInt32BE(NULL_LENGTH, at);
      return;
    }
    at = out.writeInt32BE(4, at);
    at = out.writeInt32BE(value, at);
  };
  for (const c of clicks) {
    at = out.writeInt16BE(FIELDS, at);
    text(c.clickId);
    // Whole milliseconds: the microseconds are below 2^53, exact as a double.
    const micros = (c.createdAt.getTime() - PG_EPOCH_MS) * 1000;
    at = out.writeInt32BE(8, at);
    at = out.writeInt32BE(Math.floor(micros / 2 ** 32), at);
    at = out.writeUInt32BE(micros >>> 0, at);
    int(c.linkId);
    int(c.campaignId);
    int(c.productId);
    int(c.advocateId);
    int(c.brandId);
    text(c.source);
    text(c.referrerHost);
    text(c.device);
    text(c.visitorHash);
  }
  // A null takes fewer bytes than the room counted for it.
  return out.subarray(0, at);
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The click of the tuple at `start` and where the next begins; undefined if it is cut short or malformed. */
function readClick(bytes: Buffer, start: number): { click: Click; next: number } | undefined {
  let at = start;
  const field = (): Buffer | null | undefined => {
    if (at + 4 > bytes.length) return undefined;
    const length = bytes.readInt32BE(at);
    at += 4;
    if (length === NULL_LENGTH) return null;
    if (length < 0 || at + length > bytes.length) return undefined;
    at += length;
    return bytes.subarray(at - length, at);
  };
  const text = (f: Buffer | null | undefined) => (f ? f.toString('utf8') : f);
  const int = (f: Buffer | null | undefined) =>
    f === null ? null : f?.length === 4 ? f.readInt32BE(0) : undefined;
  if (at + 2 > bytes.length || bytes.readInt16BE(at) !== FIELDS) return undefined;
  at += 2;
  const clickId = text(field());
  const time = field();
  const [linkId, campaignId, productId, advocateId, brandId] = [1, 2, 3, 4, 5].map(() =>
    int(field()),
  );
  const [source, referrerHost, device, visitorHash] = [1, 2, 3, 4].map(() => text(field()));
  if (
    !clickId ||
    time?.length !== 8 ||
    [linkId, campaignId, advocateId, brandId].some((id) => typeof id !== 'number') ||
    productId === undefined ||
    referrerHost === undefined ||
    !oneOf(CLICK_SOURCES, source ?? null) ||
    !oneOf(DEVICE_CLASSES, device ?? null) ||
    !visitorHash
  )
    return undefined;
  const micros = time.readInt32BE(0) * 2 ** 32 + time.readUInt32BE(4);
  const click: Click = {
    clickId,
    createdAt: new Date(PG_EPOCH_MS + micros / 1000),
    linkId: linkId!,
    campaignId: campaignId!,
    productId,
    advocateId: advocateId!,
    brandId: brandId!,
    source: source as Click['source'],
    referrerHost,
    device: device as Click['device'],
    visitorHash,
  };
  return { click, next: at };
}

/**
 * The clicks of consecutive tuples (encodeClicks). Reading stops at the first tuple that is cut
 * short or malformed: a crash in the middle of an append leaves one, and its click was never
 * answered.
 */
export function decodeClicks(bytes: Buffer): Click[] {
  const clicks: Click[] = [];
  for (let read = readClick(bytes, 0); read; read = readClick(bytes, read.next)) clicks.push(read.click);
  return clicks;
}

/**
 * The click with this id among consecutive tuples, found by its bytes (a tuple opens with the
 * field count and the click id's length, then the id) rather than by decoding every tuple.
 */
export function findClick(tuples: Buffer, clickId: string): Click | undefined {
  const id = Buffer.from(clickId, 'utf8');
  for (let at = tuples.indexOf(id); at >= 0; at = tuples.indexOf(id, at + 1)) {
    const start = at - 6;
    if (start < 0 || tuples.readInt16BE(start) !== FIELDS || tuples.readInt32BE(start + 2) !== id.length)
      continue;
    const read = readClick(tuples, start);
    if (read?.click.clickId === clickId) return read.click;
  }
  return undefined;
}
