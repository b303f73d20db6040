import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";

/**
 * React Router's scroll handling (the top of each new page, the position on back and forward)
 * without the inline script `<ScrollRestoration />` also writes. That script reads session
 * storage before the first paint to put a reloaded page back where it was, which the browser
 * does itself (React Router hands scrolling back to it as the page unloads). The script took
 * 45 to 60 ms of a 4× throttled phone's main thread on every page, before the first paint.
 */
export function ScrollPositions() {
  useScrollRestoration();
  return null;
}
