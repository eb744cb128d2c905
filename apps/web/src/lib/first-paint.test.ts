import { afterEach, describe, expect, it, vi } from "vitest";
import { createPaintGate, FIRST_PAINT_WAIT_MS } from "./first-paint.ts";

/** A browser that reports largest paints: the test decides when it reports one. */
function reportPaints() {
  const observers: { callback: () => void; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ["largest-contentful-paint", "paint"];
    readonly entry: { callback: () => void; disconnected: boolean };
    constructor(callback: () => void) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  return {
    observers,
    paint: () => {
      for (const observer of observers) if (!observer.disconnected) observer.callback();
    },
  };
}

/** Takes the frame callbacks instead of running them, so the test decides when a frame is drawn. */
function holdFrames(): FrameRequestCallback[] {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  return frames;
}

/** Whether `promise` has settled once every timer due now has run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the first paint's gate", () => {
  it("opens when the browser reports the next largest paint, not before, and stops listening", async () => {
    vi.useFakeTimers();
    const browser = reportPaints();
    const first = createPaintGate()();
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
    expect(await settled(first)).toBe(false);
    browser.paint();
    expect(await settled(first)).toBe(true);
    expect(browser.observers.map((o) => o.disconnected)).toEqual([true]);
  });

  it("stays open: later reads wait for nothing", async () => {
    vi.useFakeTimers();
    const browser = reportPaints();
    const wait = createPaintGate();
    const first = wait();
    browser.paint();
    await first;
    expect(wait()).toBe(first);
    expect(browser.observers).toHaveLength(1);
  });

  it("lets the reads go after a while when no largest paint comes (a background tab)", async () => {
    vi.useFakeTimers();
    reportPaints();
    const first = createPaintGate()();
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
    expect(await settled(first)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(first)).toBe(true);
  });

  it("where largest paints are not reported, opens after the next frame and the task behind it", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("PerformanceObserver", undefined);
    const frames = holdFrames();
    const first = createPaintGate()();
    expect(await settled(first)).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]?.(performance.now());
    expect(await settled(first)).toBe(true);
  });

  it("is open at once where nothing draws frames", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("PerformanceObserver", undefined);
    vi.stubGlobal("requestAnimationFrame", undefined);
    expect(await settled(createPaintGate()())).toBe(true);
  });
});
