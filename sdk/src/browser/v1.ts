/**
 * Entry of the browser script served at /sdk/v1.js (built to dist/v1.js):
 *   <script src="https://app.example/sdk/v1.js" data-key="pk_live_..." async></script>
 */
import { install, type AdvocatelyApi } from './advocately';

declare global {
  interface Window {
    Advocately?: AdvocatelyApi;
  }
}

// currentScript is only set while this file first runs, so it is read at the top level. A tag
// manager that injects the code inline leaves it null; the tag carrying data-key is the fallback.
window.Advocately = install(document.currentScript || document.querySelector('script[data-key]'));
