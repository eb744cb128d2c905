import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints the ten slowest tests at the end of the run (the suite's time budget is per test), and
 * every axe check that ran again because the page changed under it (e2e/accessibility.ts), so a
 * screen that keeps changing under its checks is seen, not hidden.
 */
export default class SlowestReporter implements Reporter {
  private readonly durations: { title: string; ms: number }[] = [];
  private readonly axeReruns: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const retry = result.retry > 0 ? ` (retry ${result.retry})` : "";
    const title = `${test.location.file.split("/e2e/")[1]} › ${test.title}${retry}`;
    this.durations.push({ title, ms: result.duration });
    for (const note of result.annotations) {
      if (note.type === "axe ran again") this.axeReruns.push(`  ${title}: ${note.description}`);
    }
  }

  onEnd(_result: FullResult) {
    const slowest = this.durations.sort((a, b) => b.ms - a.ms).slice(0, 10);
    if (!slowest.length) return;
    const lines = slowest.map(({ title, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
    process.stdout.write(`\nThe ten slowest tests:\n${lines.join("\n")}\n`);
    process.stdout.write(`\naxe checks run again (the page changed under a failure): ${this.axeReruns.length}\n`);
    if (this.axeReruns.length) process.stdout.write(`${this.axeReruns.join("\n")}\n`);
  }

  printsToStdio() {
    return false;
  }
}
