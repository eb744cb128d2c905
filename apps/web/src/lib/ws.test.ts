import { wsServerMessageSchema } from "@helio/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onSignedOutSignal } from "./api.ts";
import { backoffDelay, defaultSocketUrl, LiveSocket, parseServerMessage } from "./ws.ts";

class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data });
  }
  /** Closed by the network (1006) or by the server with `code`. */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** A LiveSocket over FakeSockets, without pings, reconnecting after 100 ms to 1 s. */
const testSocket = () =>
  new LiveSocket({
    url: () => "ws://test/api/ws",
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    pingIntervalMs: 0,
    minBackoffMs: 100,
    maxBackoffMs: 1000,
    schema: wsServerMessageSchema,
  });

afterEach(() => {
  FakeSocket.instances = [];
  vi.useRealTimers();
});

describe("parseServerMessage", () => {
  it("accepts known messages and ignores the rest", () => {
    expect(parseServerMessage('{"type":"member.updated"}', wsServerMessageSchema)).toEqual({ type: "member.updated" });
    expect(
      parseServerMessage('{"type":"account.status","userBlock":true,"userStatus":"active"}', wsServerMessageSchema),
    ).toEqual({
      type: "account.status",
      userBlock: true,
      userStatus: "active",
    });
    expect(parseServerMessage('{"type":"something.new"}', wsServerMessageSchema)).toBeNull();
    expect(parseServerMessage("not json", wsServerMessageSchema)).toBeNull();
    expect(parseServerMessage(42, wsServerMessageSchema)).toBeNull();
  });
});

describe("socket URL and backoff", () => {
  it("matches the page protocol", () => {
    expect(defaultSocketUrl({ protocol: "https:", host: "helio.example" })).toBe("wss://helio.example/api/ws");
    expect(defaultSocketUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/api/ws");
  });

  it("grows and caps the delay", () => {
    const half = () => 0.5;
    expect(backoffDelay(0, 1000, 30000, half)).toBe(750);
    expect(backoffDelay(3, 1000, 30000, half)).toBe(6000);
    expect(backoffDelay(20, 1000, 30000, half)).toBe(22500);
  });
});

describe("LiveSocket", () => {
  it("checks the messages that arrive before its schema has loaded once it has, in their order", async () => {
    const live = new LiveSocket({
      url: () => "ws://test/api/ws",
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      pingIntervalMs: 0,
    });
    const all: string[] = [];
    live.subscribe((m) => all.push(m.type));
    live.start();
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0] as FakeSocket;
    socket.open();
    socket.receive('{"type":"ready","uid":"u1"}');
    socket.receive('{"type":"unknown"}');
    socket.receive('{"type":"member.updated"}');
    await vi.waitFor(() => expect(all).toEqual(["ready", "member.updated"]));
    socket.receive('{"type":"member.updated"}');
    expect(all).toEqual(["ready", "member.updated", "member.updated"]);
    live.stop();
  });

  it("does not open a socket when stopped in the same tick", () => {
    vi.useFakeTimers();
    const live = new LiveSocket({
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      url: () => "ws://x",
    });
    const stop = live.start();
    stop();
    live.start();
    vi.advanceTimersByTime(10);
    expect(FakeSocket.instances).toHaveLength(1);
    live.stop();
  });

  it("dispatches by type and reconnects after a drop", () => {
    vi.useFakeTimers();
    const live = testSocket();
    const statuses: unknown[] = [];
    const all: unknown[] = [];
    live.subscribe("account.status", (message) => statuses.push(message));
    live.subscribe((message) => all.push(message.type));

    const stop = live.start();
    expect(FakeSocket.instances).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(FakeSocket.instances).toHaveLength(1);
    const first = FakeSocket.instances[0] as FakeSocket;
    first.open();
    first.receive('{"type":"ready","uid":"u1"}');
    first.receive('{"type":"account.status","userBlock":false,"userStatus":"banned"}');
    first.receive('{"type":"unknown"}');
    expect(all).toEqual(["ready", "account.status"]);
    expect(statuses).toHaveLength(1);

    first.drop();
    expect(live.status).toBe("closed");
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);

    stop();
    (FakeSocket.instances[1] as FakeSocket).drop();
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(live.status).toBe("idle");
  });

  it("tells the app when the server closes for an ended session (4401), and not for a network drop", () => {
    vi.useFakeTimers();
    const live = testSocket();
    const signals = vi.fn();
    const off = onSignedOutSignal(signals);
    const stop = live.start();
    vi.advanceTimersByTime(0);
    (FakeSocket.instances[0] as FakeSocket).open();
    (FakeSocket.instances[0] as FakeSocket).drop();
    expect(signals).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    (FakeSocket.instances[1] as FakeSocket).open();
    (FakeSocket.instances[1] as FakeSocket).drop(4401);
    expect(signals).toHaveBeenCalledTimes(1);
    stop();
    off();
  });
});
