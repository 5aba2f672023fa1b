// What other features may use of pixel: the browser pixel, loaded only once a store's pixel is active.
export const loadBrowserPixel = () => import('./browser-pixel')
