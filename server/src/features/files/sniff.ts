// File type detection from content (magic bytes), never from the client's name or Content-Type:
// a renamed .exe stays an .exe. Only the few formats the product stores are recognised.

export type FileKind = 'image' | 'pdf' | 'video';

export interface SniffedType {
  kind: FileKind;
  /** The Content-Type the file is served with. */
  mime: string;
  /** Extension of the stored name (and of the download name). */
  ext: string;
}

/** How many leading bytes `sniff` needs at most. */
export const SNIFF_BYTES = 16;

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0): boolean =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
]);

/** The type of a file from its first SNIFF_BYTES bytes; undefined when not one we accept. */
export function sniff(head: Buffer): SniffedType | undefined {
  if (startsWith(head, ascii('%PDF-'))) return { kind: 'pdf', mime: 'application/pdf', ext: 'pdf' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (startsWith(head, [0xff, 0xd8, 0xff]))
    return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')))
    return { kind: 'image', mime: 'image/gif', ext: 'gif' };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8))
    return { kind: 'image', mime: 'image/webp', ext: 'webp' };
  // EBML header: Matroska family; browsers' uploads of this family are WebM.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]))
    return { kind: 'video', mime: 'video/webm', ext: 'webm' };
  // ISO base media: a size word, 'ftyp', then the major brand. The same container also holds
  // HEIC photos and M4A audio, so only video brands count.
  if (startsWith(head, ascii('ftyp'), 4)) {
    const brand = head.subarray(8, 12).toString('latin1');
    if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime', ext: 'mov' };
    if (MP4_BRANDS.has(brand)) return { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
  }
  return undefined;
}
