import { useEffect } from "react";

/**
 * Buttons tapped after the first paint but before the page's code ran: the inline script that
 * starts the code (server/http/scripts-after-paint.ts) remembers them under this name, and the
 * page taps them again once it is hydrated. Links and forms need no such help: without code
 * they go to the server.
 */
export const earlyTapsKey = "__earlyTaps";

export interface EarlyTaps {
  buttons: HTMLButtonElement[];
  /** Stops remembering taps. */
  stop: () => void;
}

declare global {
  interface Window {
    [earlyTapsKey]?: EarlyTaps;
  }
}

/** Taps again, once, each button tapped early that is still on the page. */
function replayEarlyTaps(): void {
  const early = window[earlyTapsKey];
  if (!early) return;
  early.stop();
  delete window[earlyTapsKey];
  for (const button of early.buttons) {
    if (button.isConnected) button.click();
  }
}

/**
 * Replays the early taps once the page is hydrated. Used by the root component, whose effects
 * run after those of everything inside it: the cart has read the browser's storage by then.
 */
export function useEarlyTapsReplay(): void {
  useEffect(replayEarlyTaps, []);
}
