import { test as base, type Page } from "@playwright/test";

export {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";

/**
 * Makes `page.goto` return once the network has been quiet for half a second: the page's
 * scripts and the parts it loads on demand have arrived and hydrated. Before that, links and
 * forms still work (they answer without scripts), but with the server's plain pages instead of
 * the dialogs and drawers a journey goes on to check.
 */
function waitForScriptsOnGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForLoadState("networkidle");
    return response;
  };
}

/** The journeys' `test`: every page opened in a test's context waits for its scripts. */
export const test = base.extend({
  context: async ({ context }, use) => {
    context.on("page", waitForScriptsOnGoto);
    await use(context);
  },
});

/**
 * What a file's journeys share and its fixtures need, such as the shop its `baseURL` names:
 * started by the first journey that asks for it (fixtures are set up before a file's
 * `beforeAll` runs), ended after the file's last journey. The file's journeys run in order in
 * one worker, so that it is started once. A file that needs its shop only in its journeys
 * starts it in `beforeAll` and runs them in one worker the same way.
 */
export function sharedByTheFile<T>(
  start: () => Promise<T>,
  end: (shared: T) => Promise<unknown>,
): () => Promise<T> {
  let shared: Promise<T> | undefined;
  test.describe.configure({ mode: "default" });
  test.afterAll(async () => {
    const ended = shared;
    shared = undefined;
    if (ended) await end(await ended);
  });
  return () => {
    shared ??= start();
    return shared;
  };
}
