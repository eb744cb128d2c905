// Scale-out, chat delivery, on a cluster started by scale-out.mjs: members signed up
// through the balancer, each with an open WebSocket, send `chat.send` (what the web app sends,
// answered with `chat.ack`) while the support admin's sockets (its tabs) receive every message as
// `chat.message`. No stickiness: the sockets land on any process, so most messages cross processes
// through Redis. Closed loop: each member keeps `inflight` messages unacknowledged, for `warmup`
// seconds untimed, then `seconds` timed. A message counts as delivered when the first support
// socket receives it; its latency is send → receipt on each support socket. Failures: a refused or
// unanswered send, an acknowledged message some support socket never received (waited for up to
// 10 s after the last send), or one a support socket received twice.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { HttpClient, LiveSocket, Metrics, percentile, verificationLink } from "../scripts/cluster/load-client.mjs";

const DRAIN_MS = 10_000;
const ACK_TIMEOUT_MS = 15_000;

/** A member signed up through the balancer and verified by its mail's link: its client, with the session. */
export async function verifiedMember(url, db, username) {
  const http = new HttpClient({ baseUrl: url, metrics: new Metrics(), label: username });
  const email = `${username}@helio.test`;
  await http.post(
    "register",
    "/api/register",
    {
      firstName: "Scale",
      lastName: "Bench",
      username,
      email,
      password: "bench-password-1",
      currency: "USD",
      acceptTerms: true,
      confirmAdult: true,
    },
    { expect: [201] },
  );
  await http.get("verify-email", await verificationLink(db, email), { expect: [200, 302] });
  return http;
}

/** Total CPU seconds (user + system) of the cluster's app processes now. */
export const appCpuSeconds = (cluster) => cluster.stats().reduce((sum, p) => sum + p.cpuSeconds, 0);

/** How many of `sockets` each process holds: "app1 11, app2 10". */
function spread(sockets) {
  const counts = new Map();
  for (const s of sockets) counts.set(s.server ?? "?", (counts.get(s.server ?? "?") ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${name} ${n}`)
    .join(", ");
}

/**
 * Runs the chat load on `cluster` (admin: { email, password } of its support account) and answers
 * { size, rate (delivered/s), p50, p99 (ms), failed, … }.
 */
export async function chatDelivery(
  cluster,
  { admin, members = 32, inflight = 2, support = 2, warmup = 3, seconds = 10 },
) {
  // A pool: the members sign up 8 at a time, each reading its verification mail.
  const db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 4 });
  const sockets = [];
  try {
    const tag = Date.now().toString(36).slice(-6);
    const clients = [];
    const queue = Array.from({ length: members }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift())
          clients.push(await verifiedMember(cluster.url, db, `sc_${tag}_${i}`));
      }),
    );
    const adminHttp = new HttpClient({ baseUrl: cluster.url, metrics: new Metrics(), label: "support" });
    await adminHttp.post("sign-in", "/api/auth/sign-in/email", admin);

    /** seq → { sentAt, measured, acked, error, receipts: socket index → count } */
    const tracked = new Map();
    const latencies = [];
    const firstReceipts = [];
    const prefix = `${tag}:`;
    const onSupport = (k) => (message) => {
      if (message.type !== "chat.message" || !message.message.text.startsWith(prefix)) return;
      const now = performance.now();
      const t = tracked.get(Number(message.message.text.slice(prefix.length)));
      if (!t) return;
      const n = (t.receipts.get(k) ?? 0) + 1;
      t.receipts.set(k, n);
      if (n > 1) return; // a duplicate: counted below
      if (t.measured) latencies.push(now - t.sentAt);
      if (t.receipts.size === 1) firstReceipts.push(now);
    };
    const open = async (http, label, onMessage) => {
      const socket = new LiveSocket({ http, metrics: new Metrics(), label, onMessage });
      sockets.push(socket);
      await socket.start();
      return socket;
    };
    const supportSockets = [];
    for (let k = 0; k < support; k++) supportSockets.push(await open(adminHttp, `support ${k + 1}`, onSupport(k)));
    const memberSockets = [];
    for (const http of clients) memberSockets.push(await open(http, http.label));

    let seq = 0;
    const startAt = performance.now();
    const from = startAt + warmup * 1000;
    const to = from + seconds * 1000;
    const cpu = [sleep(from - startAt).then(() => appCpuSeconds(cluster))];
    cpu.push(sleep(to - startAt).then(() => appCpuSeconds(cluster)));
    const sendLoop = async (socket) => {
      while (performance.now() < to) {
        const t = { sentAt: performance.now(), receipts: new Map() };
        t.measured = t.sentAt >= from;
        const n = seq++;
        tracked.set(n, t);
        try {
          await socket.chatSend({ text: `${prefix}${n}` }, ACK_TIMEOUT_MS);
          t.acked = true;
        } catch (error) {
          t.error = error.message;
        }
      }
    };
    await Promise.all(memberSockets.flatMap((s) => Array.from({ length: inflight }, () => sendLoop(s))));
    const [cpuFrom, cpuTo] = await Promise.all(cpu);
    const all = [...tracked.values()];
    const drainUntil = Date.now() + DRAIN_MS;
    while (Date.now() < drainUntil && all.some((t) => t.acked && t.receipts.size < support)) await sleep(50);

    const refused = all.filter((t) => !t.acked);
    const lost = all.filter((t) => t.acked && t.receipts.size < support);
    const duplicated = all.filter((t) => [...t.receipts.values()].some((n) => n > 1));
    const delivered = firstReceipts.filter((at) => at >= from && at <= to).length;
    return {
      size: cluster.processes.length,
      rate: delivered / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      cpuMsPerMessage: ((cpuTo - cpuFrom) * 1000) / Math.max(1, delivered),
      sent: all.length,
      failed: refused.length + lost.length + duplicated.length,
      refused: refused.length,
      lost: lost.length,
      duplicated: duplicated.length,
      firstError: refused[0]?.error,
      socketCloses: sockets.reduce((sum, s) => sum + s.unexpectedCloses.length, 0),
      members: spread(memberSockets),
      support: spread(supportSockets),
    };
  } finally {
    for (const s of sockets) s.stop();
    await db.end();
  }
}
