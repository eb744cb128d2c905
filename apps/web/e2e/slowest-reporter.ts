import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** Prints the ten slowest tests at the end of the run: the suite's time budget is per test. */
export default class SlowestReporter implements Reporter {
  private readonly durations: { title: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const retry = result.retry > 0 ? ` (retry ${result.retry})` : "";
    this.durations.push({
      title: `${test.location.file.split("/e2e/")[1]} › ${test.title}${retry}`,
      ms: result.duration,
    });
  }

  onEnd(_result: FullResult) {
    const slowest = this.durations.sort((a, b) => b.ms - a.ms).slice(0, 10);
    if (!slowest.length) return;
    const lines = slowest.map(({ title, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
    process.stdout.write(`\nThe ten slowest tests:\n${lines.join("\n")}\n`);
  }

  printsToStdio() {
    return false;
  }
}
