import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

type Violations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/** How often a check runs again when the page changed under a violation it reported. */
const STEADY_ATTEMPTS = 3;

declare global {
  interface Window {
    __axeChanges?: { within: Set<Node>; around: Set<Node>; observer: MutationObserver };
  }
}

/**
 * Starts recording what changes on the page. axe yields between its rules and caches what it read
 * of each element, so a change in the middle of a run (a live message enabling a button) can pair
 * one state's colours with the other's `disabled`: a contrast failure of a page that never looked
 * like that (seen in CI on "All" of the withdrawal screen as a profit arrived).
 */
function recordChanges(page: Page) {
  return page.evaluate(() => {
    window.__axeChanges?.observer.disconnect();
    // `within`: every node something changed in; `around`: nodes whose own attributes changed or
    // that were added, which change how everything inside them looks.
    const within = new Set<Node>();
    const around = new Set<Node>();
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        within.add(record.target);
        if (record.type === "attributes") around.add(record.target);
        for (const added of record.addedNodes) around.add(added);
      }
    });
    observer.observe(document, { subtree: true, attributes: true, characterData: true, childList: true });
    window.__axeChanges = { within, around, observer };
  });
}

/** Each violating element, as the selector axe gave it. */
function violatingElements(violations: Violations) {
  return violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
}

/**
 * Of `selectors`, the elements that changed since `recordChanges`: the element or something inside
 * it, or an ancestor's attributes (class, style, disabled), or the element was put in anew. A toast
 * added to the body elsewhere does not count.
 */
function changedSince(page: Page, selectors: string[]) {
  return page.evaluate((targets) => {
    const changes = window.__axeChanges;
    changes?.observer.disconnect();
    if (!changes) return [];
    return targets.filter((selector) => {
      const element = document.querySelector(selector);
      if (!element) return true;
      for (const node of changes.within) if (element.contains(node)) return true;
      for (const node of changes.around) if (node.contains(element)) return true;
      return false;
    });
  }, selectors);
}

/**
 * axe-core as AxeBuilder injects it, or nothing when this document already holds it: AxeBuilder
 * evaluates axe's 0.5 MB source twice per check, a fifth of a check's time, though a walk that
 * opens its screens inside the app keeps one document. A page with frames gets the source always.
 */
async function axeSourceFor(page: Page): Promise<string | undefined> {
  if (page.frames().length > 1) return undefined;
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  return present ? ";" : undefined;
}

async function seriousViolations(page: Page, contrastOnly: boolean) {
  // Legacy mode runs axe in the page itself; the default opens a blank page per check to merge
  // frame results, which tripled the check's time (we have no cross-origin frames to merge).
  const builder = new AxeBuilder({ page, axeSource: await axeSourceFor(page) }).setLegacyMode();
  // One options object: AxeBuilder's options() replaces what withRules() set, so a contrast-only
  // check names its rule here. label-content-name-mismatch is experimental in axe, so off unless
  // asked for: a control's name must hold the text it shows (WCAG 2.5.3), which speech users say.
  const results = await builder
    .options(
      contrastOnly
        ? { resultTypes: ["violations"], runOnly: { type: "rule", values: ["color-contrast"] } }
        : { resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } },
    )
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/**
 * axe: no serious or critical violation on the page as it is now. `contrastOnly` runs the one rule
 * a palette can change, for a screen whose structure, names and layout a light pass has checked.
 * When every violation is on an element that changed during the run, the check runs again (at
 * most STEADY_ATTEMPTS runs in all, each noted on the test); one on a steady element fails at once.
 */
export async function expectAccessible(page: Page, { contrastOnly = false } = {}) {
  let bad: Violations = [];
  for (let attempt = 1; attempt <= STEADY_ATTEMPTS; attempt++) {
    await recordChanges(page);
    bad = await seriousViolations(page, contrastOnly);
    const elements = violatingElements(bad);
    const moved = await changedSince(page, elements);
    // A violation on an element that stayed as it was is real whatever else changed.
    if (elements.length === 0 || moved.length < elements.length || attempt === STEADY_ATTEMPTS) break;
    test.info().annotations.push({
      type: "axe ran again",
      description: `${moved.join(", ")} changed during the check on ${page.url()}`,
    });
  }
  // Each node with its markup and axe's own account (a contrast failure names both colours and the
  // ratio), so a failure seen once in CI can be understood without running it again.
  const described = bad.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => `${n.target.join(" ")} ${n.html.slice(0, 200)} ${n.failureSummary ?? ""}`)
        .join(", ")})`,
  );
  expect(described, `axe on ${page.url()}`).toEqual([]);
}
