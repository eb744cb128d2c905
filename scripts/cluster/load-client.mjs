// The cluster test's simulated members: HTTP with a cookie jar each (Node's fetch), one WebSocket
// each that reconnects like the web client does, and the figures every request adds to.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import WebSocket from "ws";

/** The link of the newest verification mail to `email`, read from the outbox table (`db`: a pg client). */
export async function verificationLink(db, email) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await db.query(
      "select text from mail_outbox where \"to\" = $1 and subject ilike '%verif%' order by created_at desc limit 1",
      [email.toLowerCase()],
    );
    const link = rows[0]?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await sleep(50);
  }
  throw new Error(`no verification mail for ${email}`);
}

/** The token of the mail that confirms withdrawal `id`, read from the outbox (mailed to `email`). */
export async function withdrawalConfirmationToken(db, email, id) {
  const pattern = new RegExp(`/confirm-withdrawal/${id}/([A-Za-z0-9_-]+)`);
  for (let i = 0; i < 200; i++) {
    const { rows } = await db.query(
      'select text from mail_outbox where "to" = $1 and text like $2 order by created_at desc limit 1',
      [email.toLowerCase(), `%/confirm-withdrawal/${id}/%`],
    );
    const token = rows[0]?.text.match(pattern)?.[1];
    if (token) return token;
    await sleep(50);
  }
  throw new Error(`no confirmation mail for withdrawal ${id}`);
}

/** Request and error figures, by operation, and the timeline marks that classify errors. */
export class Metrics {
  constructor() {
    /** op → latencies (ms) of answered attempts */
    this.latencies = new Map();
    /** op → requests (attempts) */
    this.requests = new Map();
    /** every failed attempt: { op, kind, start, end, attempt, recovered } (Date.now() times) */
    this.failures = [];
    /** requests that never succeeded (after every retry), or answers no retry may fix */
    this.violations = [];
    /** 4xx answers the test expects now and then (a pair paused, not enough money…), by op and code */
    this.refusals = new Map();
    this.reconnects = [];
    this.marks = {};
    /** Answers by the process that gave them (HAProxy's x-helio-server header). */
    this.servedBy = new Map();
  }
  attempt(op) {
    this.requests.set(op, (this.requests.get(op) ?? 0) + 1);
  }
  answered(op, ms) {
    const list = this.latencies.get(op) ?? [];
    if (!list.length) this.latencies.set(op, list);
    list.push(ms);
  }
  fail(entry) {
    this.failures.push(entry);
    return entry;
  }
  violation(what) {
    this.violations.push(what);
  }
  refused(op, code) {
    const key = `${op} ${code}`;
    this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
  }
}

export function percentile(values, p) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Retried: the connection failed or the balancer/process said it could not serve (never a 4xx). */
const RETRYABLE_STATUS = new Set([502, 503, 504]);

export class HttpError extends Error {
  constructor(op, status, body) {
    super(
      `${op}: HTTP ${status} ${typeof body === "string" ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300)}`,
    );
    this.status = status;
    this.body = body;
  }
}

/** A browser-like HTTP client: its own cookies, our Origin, retries that keep the request (and its key). */
export class HttpClient {
  constructor({ baseUrl, metrics, label }) {
    this.baseUrl = baseUrl;
    this.metrics = metrics;
    this.label = label;
    this.cookies = new Map();
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  keepCookies(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone =
        value === "" ||
        attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]) < Date.now());
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * One request, retried on a failed connection, a timeout or a 502/503/504 (with the same body and
   * Idempotency-Key), up to `tries` times. Answers with { status, body }; `expect` lists the
   * statuses that count as an answer (default: any 2xx), other statuses throw HttpError.
   */
  async request(op, method, path, { json, form, key, expect, tries = 8, timeoutMs = 20_000 } = {}) {
    const url = path.startsWith("http") ? path : `${this.baseUrl}${path}`;
    let lastFailure;
    for (let attempt = 1; attempt <= tries; attempt++) {
      const headers = { origin: this.baseUrl };
      if (this.cookies.size) headers.cookie = this.cookieHeader;
      if (key) headers["idempotency-key"] = key;
      let body;
      if (json !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(json);
      } else if (form) {
        body = form();
      }
      const start = Date.now();
      const t0 = performance.now();
      this.metrics.attempt(op);
      let response;
      let text;
      try {
        response = await fetch(url, {
          method,
          headers,
          body,
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const kind =
          error?.name === "TimeoutError" ? "timeout" : `network ${error?.cause?.code ?? error?.code ?? error?.message}`;
        const detail = error?.cause?.message ?? error?.message;
        lastFailure = this.metrics.fail({ op, kind, start, end: Date.now(), attempt, recovered: false, detail });
        await sleep(Math.min(1000, 100 * attempt));
        continue;
      }
      const ms = performance.now() - t0;
      this.keepCookies(response);
      const server = response.headers.get("x-helio-server");
      if (server) this.metrics.servedBy.set(server, (this.metrics.servedBy.get(server) ?? 0) + 1);
      let parsed = text;
      if ((response.headers.get("content-type") ?? "").includes("json") && text) {
        try {
          parsed = JSON.parse(text);
        } catch {}
      }
      if (RETRYABLE_STATUS.has(response.status) || response.status >= 500) {
        lastFailure = this.metrics.fail({
          op,
          kind: `HTTP ${response.status}`,
          start,
          end: Date.now(),
          attempt,
          recovered: false,
          body: text.slice(0, 200),
        });
        await sleep(Math.min(1000, 100 * attempt));
        continue;
      }
      this.metrics.answered(op, ms);
      if (lastFailure) lastFailure.recovered = true;
      const ok = expect ? expect.includes(response.status) : response.status >= 200 && response.status < 300;
      if (!ok) throw new HttpError(op, response.status, parsed);
      return { status: response.status, body: parsed, headers: response.headers, retried: attempt > 1 };
    }
    const message = `${this.label}: ${op} ${method} ${path} failed ${tries} times (last: ${lastFailure?.kind})`;
    this.metrics.violation(message);
    throw new Error(message);
  }

  get(op, path, opts) {
    return this.request(op, "GET", path, opts);
  }
  post(op, path, json, opts = {}) {
    return this.request(op, "POST", path, { json, ...opts });
  }
  put(op, path, json, opts = {}) {
    return this.request(op, "PUT", path, { json, ...opts });
  }
}

/** A fresh multipart body of files (and text fields), built again for every attempt. */
export function multipart(files, fields = {}) {
  return () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, file] of Object.entries(files))
      form.append(name, new Blob([file.data], { type: file.type }), file.name);
    return form;
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real RGB PNG (the uploads are checked by content). */
export function makePng(width = 64, height = 48, seed = 0) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      raw[i] = (x * 4 + seed * 37) & 0xff;
      raw[i + 1] = (y * 5) & 0xff;
      raw[i + 2] = (seed * 91) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
export const png = (name, seed) => ({ name, type: "image/png", data: makePng(64, 48, seed) });

/**
 * The live socket of one signed-in client, like the web's LiveSocket: reconnects after any close
 * with backoff (0.5–1 s, doubling), and tells its owner when it is back (`onReady`) so it can
 * catch up. Chat sends wait for their `chat.ack`; a send whose socket closed first is sent again,
 * with the same id, once the socket is back.
 */
export class LiveSocket {
  constructor({ http, metrics, label, onMessage, onReady }) {
    this.http = http;
    this.metrics = metrics;
    this.label = label;
    this.onMessage = onMessage;
    this.onReady = onReady;
    this.ws = null;
    this.stopped = false;
    this.attempt = 0;
    this.closedAt = null;
    this.pending = new Map(); // chat.send id → { message, resolve, reject, sentAt }
    this.readyOnce = null;
    this.opens = 0;
    this.unexpectedCloses = [];
    /** The process the balancer sent the current socket to (its x-helio-server header), when it says. */
    this.server = null;
  }

  start() {
    this.readyOnce = new Promise((resolve) => {
      this.resolveFirstReady = resolve;
    });
    this.open();
    return this.readyOnce;
  }

  open() {
    if (this.stopped) return;
    const url = `${this.http.baseUrl.replace(/^http/, "ws")}/api/ws`;
    const ws = new WebSocket(url, { headers: { origin: this.http.baseUrl, cookie: this.http.cookieHeader } });
    this.ws = ws;
    ws.on("upgrade", (response) => {
      this.server = response.headers["x-helio-server"] ?? null;
    });
    ws.on("message", (raw) => {
      let message;
      try {
        message = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (message.type === "ready") {
        this.attempt = 0;
        this.opens += 1;
        if (this.closedAt !== null) {
          this.metrics.reconnects.push({ label: this.label, ms: Date.now() - this.closedAt, at: Date.now() });
          this.closedAt = null;
        }
        this.resolveFirstReady?.();
        this.resolveFirstReady = null;
        for (const p of this.pending.values()) this.transmit(p.message);
        if (this.opens > 1) void Promise.resolve(this.onReady?.()).catch(() => {});
        return;
      }
      if (message.type === "chat.ack") {
        const p = this.pending.get(message.id);
        if (p) {
          this.pending.delete(message.id);
          if (message.ok) p.resolve(message);
          else p.reject(new Error(`chat.ack refused: ${JSON.stringify(message.error)}`));
        }
      }
      this.onMessage?.(message);
    });
    ws.on("error", () => {});
    ws.on("close", (code, reason) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (this.closedAt === null) this.closedAt = Date.now();
      this.unexpectedCloses.push({ code, reason: reason.toString(), at: Date.now() });
      if (code === 4401 || code === 4403 || code === 1008)
        this.metrics.violation(`${this.label}: socket closed with ${code} ${reason}`);
      const base = Math.min(30_000, 1000 * 2 ** this.attempt);
      this.attempt += 1;
      setTimeout(() => this.open(), Math.round(base / 2 + (Math.random() * base) / 2)).unref();
    });
  }

  transmit(message) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Sends a chat message and resolves with its ack (resent with the same id after a reconnect). */
  chatSend(fields, timeoutMs = 60_000) {
    const id = randomUUID();
    const message = { type: "chat.send", id, ...fields };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${this.label}: no chat.ack for ${id} in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        message,
        sentAt: Date.now(),
        resolve: (ack) => {
          clearTimeout(timer);
          resolve(ack);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.transmit(message);
    });
  }

  stop() {
    this.stopped = true;
    this.ws?.terminate();
    this.ws = null;
  }
}
