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
