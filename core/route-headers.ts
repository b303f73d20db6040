/**
 * The one `headers` function of the routes: a page's answer carries its action's headers when
 * the action set any (a refusal's Retry-After, a private page's Cache-Control), otherwise its
 * loader's, over its parents'. React Router adds every Set-Cookie itself.
 */
export function answerHeaders({
  actionHeaders,
  loaderHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
  parentHeaders: Headers;
}): Headers {
  const own = [...actionHeaders.keys()].length > 0 ? actionHeaders : loaderHeaders;
  const headers = new Headers(parentHeaders);
  for (const [name, value] of own) {
    if (name !== "set-cookie") headers.set(name, value);
  }
  return headers;
}
