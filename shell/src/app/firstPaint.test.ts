import { FIRST_PAINT_ID, removeFirstPaintWhenDrawn } from './firstPaint';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function page() {
  document.body.innerHTML = `<div id="${FIRST_PAINT_ID}"><p>Sign in to your account</p></div><div id="root"></div>`;
  return document.getElementById('root') as HTMLElement;
}

describe('removeFirstPaintWhenDrawn', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps the frame over the spinners and removes it when the screen has its heading', async () => {
    const root = page();
    removeFirstPaintWhenDrawn(root);
    root.innerHTML = '<div role="status" aria-label="Loading"></div>';
    await flush();
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    root.innerHTML = '<main><section><h1>Sign in to your account</h1></section></main>';
    await flush();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });

  it('removes it for an error panel too', async () => {
    const root = page();
    removeFirstPaintWhenDrawn(root);
    root.innerHTML = '<section role="alert">This section is unavailable</section>';
    await flush();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });

  it('never leaves it longer than ten seconds', () => {
    jest.useFakeTimers();
    const root = page();
    removeFirstPaintWhenDrawn(root);
    jest.advanceTimersByTime(9_999);
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });
});
