/**
 * True for React Router's in-app data requests (`/academy/recipes.data`), false for a document.
 * Loaders may then stream slow data to a page already on screen, while documents (search
 * engines, readers without JavaScript) always arrive complete.
 */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}
