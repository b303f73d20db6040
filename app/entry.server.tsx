import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { shop } from "~server/http/context.server";
import { redactUrl } from "~server/http/log-redaction.server";
import stylesheet from "./styles/app.css?url";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce, log } = shop(loadContext);
  const nonce = cspNonce();
  // The browser asks for the stylesheet, without which it paints nothing, as soon as the
  // answer's headers arrive, before the page and its scripts are read.
  responseHeaders.append("Link", `<${stylesheet}>; rel=preload; as=style`);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A finished <Suspense> part stays in place in the HTML, however long the page before it:
        // React would otherwise send it after the page with a script that moves it, and a page
        // read without JavaScript would miss it (a modal, a form, the carousel).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

/**
 * Errors thrown while answering: a 4xx (a route that does not serve the method, a refusal) is
 * the shop answering a bad request, not a failure; an answer the browser gave up on is nobody's.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = shop(context).log;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.debug({ status: error.status, url: redactUrl(request.url) }, error.statusText);
    return;
  }
  log.error({ err: error }, "request failed");
};
