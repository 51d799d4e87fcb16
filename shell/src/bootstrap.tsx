import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { removeFirstPaintWhenDrawn } from './app/firstPaint';
import { areaForPath } from './federation/areas';
import { preloadArea } from './federation/remoteLoader';

// The page's area starts downloading now, alongside the session check and the layout.
const area = areaForPath(window.location.pathname);
if (area) preloadArea(area);

const root = document.getElementById('root') as HTMLElement;
removeFirstPaintWhenDrawn(root);
// As a transition, React renders the tree in short slices, yielding to the browser between them,
// instead of one long task: the page stays responsive to input while the screen assembles under
// the first paint, which already shows its frame.
startTransition(() => createRoot(root).render(<App />));
