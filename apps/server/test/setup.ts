import { afterEach, beforeEach } from "vitest";

// console.error in a test is a failure: nothing should be logged as an error unexpectedly.
let errors: unknown[][] = [];
const original = console.error;
beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
});
afterEach(() => {
  console.error = original;
  if (errors.length) throw new Error(`console.error was called: ${String(errors[0]?.[0])}`);
});
