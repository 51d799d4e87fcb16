// Public campaign ids ('CMP-7F3K2QXM'): what share links, the SDK and advocates see instead of
// the sequential primary key. 8 characters from a 32-letter alphabet without look-alikes
// (0/O, 1/I) = 40 random bits: not guessable by enumeration, short enough to read out.
import { randomInt } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function newCampaignPublicId(): string {
  let id = 'CMP-';
  for (let i = 0; i < 8; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
