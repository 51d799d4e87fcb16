// How deep a JSON text nests, read without parsing it. A request body nested thousands of levels
// deep parses fine, but every recursive walk after it (the control-character check, a schema
// validator's nested branches) then exhausts the stack: a 500 on any JSON route, anonymously.
// No request of the API nests more than a few levels, so the parser refuses deeper bodies first.

/** No request body of the API comes near this (a campaign form is 2 levels deep). */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** True when `text` opens more than `max` arrays or objects inside each other (strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}
