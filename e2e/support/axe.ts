import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Runs `audit` on the page at rest and fails on any violation, naming each rule and element. */
async function expectNoViolations(page: Page, audit: (axe: AxeBuilder) => AxeBuilder) {
  // Colours are measured at rest: with motion reduced, an alert sliding in or fading out is
  // already where it ends (app.css shortens every animation to 1 ms).
  await page.emulateMedia({ reducedMotion: "reduce" });
  // A list being reloaded is dimmed until its answer arrives.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A transition already under way keeps its length: let it end (spinners never do).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await audit(new AxeBuilder({ page })).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(" ")}`).join("\n")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

/** Runs axe with the WCAG 2.2 AA rules (target-size included) and fails on any violation. */
export async function expectNoAccessibilityViolations(page: Page) {
  await expectNoViolations(page, (axe) =>
    axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]),
  );
}

/**
 * Runs every rule axe has, as a full audit does: the WCAG rules and the best practices
 * (heading order, unique landmarks, one main). For the shop's pages.
 */
export async function expectNoViolationsOfAnyAxeRule(page: Page) {
  await expectNoViolations(page, (axe) => axe);
}
