/** The id of the server-written first paint (server/src/features/web/first-paint.ts). */
export const FIRST_PAINT_ID = 'first-paint';
/** However the page fares, the frame never stays longer than this over a usable page. */
const LONGEST_MS = 10_000;

/**
 * Removes the page's static first paint once React has drawn the screen under it: a screen's
 * heading (every screen has an h1, the not-found screen an h2) or an error panel (role="alert").
 * The frame lies over the root, so removing it moves nothing; until then the visitor sees the
 * frame, not the spinners of the session check, the remote's loading and the screen's chunk.
 */
export function removeFirstPaintWhenDrawn(root: HTMLElement, doc: Document = document): void {
  const frame = doc.getElementById(FIRST_PAINT_ID);
  if (!frame) return;
  const observer = new MutationObserver(() => {
    if (root.querySelector('h1, h2, [role="alert"]')) done();
  });
  function done() {
    observer.disconnect();
    clearTimeout(timer);
    frame?.remove();
  }
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(done, LONGEST_MS);
}
