import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { earlyTapsKey } from "~/components/early-taps";

/**
 * Runs in the browser, written into the page in place of React Router's start module: once the
 * page has painted with its leading pictures (those fetched at high priority, such as a hero),
 * it adds the module preloads and the start module the server took out of the HTML, with the
 * page's nonce. A frame's callbacks run just before it is painted, the timeout just after. It
 * waits for a slow picture no longer than `pictureWaitMs`. A page opened in a background tab
 * paints no frame until it is shown, so there it starts at once. Until the code runs, it
 * remembers the buttons the shopper taps (`~/components/early-taps`). (No comments inside: its
 * source is what the page receives.)
 */
function startAfterFirstPaint(
  preloads: string[],
  nonce: string,
  startModule: string,
  tapsKey: typeof earlyTapsKey,
  pictureWaitMs: number,
) {
  const buttons: HTMLButtonElement[] = [];
  const remember = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>('button[type="button"]');
    if (button) buttons.push(button);
  };
  document.addEventListener("click", remember, true);
  window[tapsKey] = {
    buttons,
    stop: () => document.removeEventListener("click", remember, true),
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.nonce = nonce;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = startModule;
    document.body.append(script);
  };
  const leadingPictures = [
    ...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'),
  ];
  Promise.all(leadingPictures.map((picture) => picture.decode().catch(() => undefined))).then(() =>
    requestAnimationFrame(() => setTimeout(start, 0)),
  );
  setTimeout(start, pictureWaitMs);
  if (document.visibilityState === "hidden") start();
}

/** The longest the code waits for a leading picture that is slow to arrive. */
const pictureWaitMs = 3000;

const modulePreloadLink = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const startModuleScript =
  /<script(?: nonce="([^"]*)")? type="module" async="">([\s\S]*?)<\/script>/;

/** JSON that cannot end the inline script it is written into. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

function loaderScript(preloads: string[], nonce: string | undefined, startModule: string) {
  const args = [preloads, nonce ?? "", startModule, earlyTapsKey, pictureWaitMs]
    .map(scriptSafeJson)
    .join(",");
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  return `<script${nonceAttribute}>(${startAfterFirstPaint.toString()})(${args})</script>`;
}

/** Where the text stops being safe to send: an unfinished tag, or a script not closed yet. */
function unfinishedFrom(text: string): number {
  const lastTag = text.lastIndexOf("<");
  const tagOpen = lastTag >= 0 && !text.includes(">", lastTag) ? lastTag : text.length;
  const lastScript = text.lastIndexOf("<script");
  const scriptOpen =
    lastScript >= 0 && !text.includes("</script>", lastScript) ? lastScript : text.length;
  return Math.min(tagOpen, scriptOpen);
}

/**
 * The page's HTML with its scripts fetched after the first paint. React Router preloads every
 * module of the page and starts hydrating as soon as they arrive; the browser then runs React
 * before it paints anything. Here the preload links and the start module are taken out of the
 * stream and written back by a small inline script once the page has painted: the shopper sees
 * the page first, and its forms and links work (on the server) until the code is running.
 */
export function scriptsAfterFirstPaint(): Transform {
  const decoder = new StringDecoder("utf8");
  const preloads: string[] = [];
  let pending = "";
  let started = false;

  const rewrite = (text: string) => {
    if (started) return text;
    const withoutPreloads = text.replace(modulePreloadLink, (_link, href: string) => {
      preloads.push(href);
      return "";
    });
    return withoutPreloads.replace(startModuleScript, (_script, nonce, startModule: string) => {
      started = true;
      return loaderScript(preloads, nonce, startModule);
    });
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = rewrite(pending + decoder.write(chunk));
      const safe = started ? text.length : unfinishedFrom(text);
      pending = text.slice(safe);
      callback(null, text.slice(0, safe));
    },
    flush(callback) {
      callback(null, rewrite(pending + decoder.end()));
    },
  });
}
