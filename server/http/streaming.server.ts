/**
 * Whether a loader may stream slow information after the page (showing a loading state
 * meanwhile): only for React Router's data requests (`/academy/recipes.data`), which a page
 * already on screen makes. A whole page (a first visit, a form posted before JavaScript loaded,
 * a crawler) is sent complete, so that it reads without running a script.
 */
export function streamsAfterPage(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/**
 * `read` as a promise the page awaits while it shows a loading state, or its outcome when the
 * page must arrive complete. Wrapped, so that an async caller does not wait for the promise.
 */
export async function deliver<T>(
  request: Request,
  read: Promise<T>,
): Promise<{ value: T | Promise<T> }> {
  return { value: streamsAfterPage(request) ? read : await read };
}
