/**
 * What every screen loads once the page has settled (whenPageSettles): the installable app's layer and the results
 * toast, in one chunk, so a slow phone makes one request and evaluates one file for both, after the first screen.
 */
export { PwaLayer } from './pwa/PwaLayer.tsx';
export { ResultToast } from './results/ResultToast.tsx';
