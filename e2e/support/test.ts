import { test as base, type Page } from "@playwright/test";

export {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";

/**
 * Resolves once the page's main thread has nothing left to do: React hydrates in short tasks
 * that follow each other, so an idle moment comes only after the last of them.
 */
async function untilIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/**
 * Makes `page.goto` return once the network has been quiet for half a second and the page has
 * run its scripts: they and the parts it loads on demand have arrived and hydrated, even on a
 * busy machine where the scripts run well after they arrive. Before that, links and forms
 * still work (they answer without scripts), but with the server's plain pages instead of the
 * dialogs and drawers a journey goes on to check.
 */
function waitForScriptsOnGoto(page: Page, { runsScripts }: { runsScripts: boolean }): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForLoadState("networkidle");
    if (runsScripts) await untilIdle(page);
    return response;
  };
}

/** The journeys' `test`: every page opened in a test's context waits for its scripts. */
export const test = base.extend({
  context: async ({ context, javaScriptEnabled }, use) => {
    context.on("page", (page) => waitForScriptsOnGoto(page, { runsScripts: javaScriptEnabled }));
    await use(context);
  },
});
