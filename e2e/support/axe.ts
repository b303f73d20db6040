import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Runs axe with the WCAG 2.2 AA rules (target-size included) and fails on any violation. */
export async function expectNoAccessibilityViolations(page: Page) {
  // Colours are measured at rest: with motion reduced, an alert sliding in or fading out is
  // already where it ends (app.css shortens every animation to 1 ms).
  await page.emulateMedia({ reducedMotion: "reduce" });
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
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(" ")}`).join("\n")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}
