// HAProxy for the cluster: found (or installed from Debian's packages), configured, and asked
// through its runtime API which servers it routes to.
import { spawnSync } from "node:child_process";
import net from "node:net";

/** HAProxy's path; installs Debian's `haproxy` with apt-get when missing and we may (root). */
export function ensureHaproxy({ log = console.info } = {}) {
  const found = which("haproxy");
  if (found) return found;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !which("apt-get")) {
    throw new Error(
      "HAProxy is not installed and cannot be installed from here (needs root and apt-get): install Debian's `haproxy` package.",
    );
  }
  log("Installing Debian's haproxy (apt-get install -y haproxy)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "haproxy"],
  ]) {
    const run = spawnSync("apt-get", args, { env, stdio: ["ignore", "ignore", "inherit"] });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed (exit ${run.status})`);
  }
  const installed = which("haproxy");
  if (!installed) throw new Error("apt-get installed haproxy, yet no haproxy binary is on PATH");
  return installed;
}

function which(command) {
  const run = spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() || null : null;
}

/**
 * The load balancer's configuration: round robin over the app processes, no stickiness (no
 * cookie, no source hashing), a health check on /api/ready, WebSockets passed through (HTTP
 * mode tunnels an upgraded connection; `timeout tunnel` keeps it open while idle).
 *
 * Retries: a connection the server refuses or resets before taking the request (a process just
 * killed, or gone between two health checks) is retried on another server (`retry-on
 * conn-failure`, `option redispatch 1`). A request a server had already taken is never replayed
 * by the balancer: the client decides, with the same Idempotency-Key for money requests.
 */
export function haproxyConfig({ host, port, servers, statsSocket, check = { inter: 500, fall: 3, rise: 1 } }) {
  return `# Written by scripts/cluster/start-cluster.mjs.
global
  maxconn 4096
  stats socket ${statsSocket} mode 600 level admin
  # Only sessions that ended abnormally are logged (option dontlog-normal), to standard output.
  log stdout format raw local0 info

defaults
  mode http
  log global
  option httplog
  option dontlog-normal
  option forwardfor
  timeout connect 2s
  # An idle keep-alive connection is left for the client to close (Node's fetch does after 4 s):
  # closing it here races a request the client is sending on it, which then fails unanswered.
  timeout client 120s
  timeout server 60s
  # An upgraded connection (WebSocket) is a tunnel: idle up to an hour (the web client pings every 25 s).
  timeout tunnel 1h
  timeout client-fin 5s
  timeout http-request 10s
  timeout http-keep-alive 120s
  timeout queue 10s
  # A process that says 503 (shutting down) is out after "fall" quick answers; one that is only slow
  # (busy starting or under load) gets 5 s a check, so a busy moment takes no process out of rotation.
  timeout check 5s
  retries 3
  retry-on conn-failure
  option redispatch 1

frontend helio
  bind ${host}:${port}
  default_backend app
  # Which process answered (the cluster test tells the processes apart by it).
  http-response set-header x-helio-server %s

backend app
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/ready
  http-check expect status 200
  default-server check inter ${check.inter}ms fastinter ${Math.max(100, Math.floor(check.inter / 2))}ms downinter ${check.inter}ms fall ${check.fall} rise ${check.rise}
${servers.map((s) => `  server ${s.name} ${s.host}:${s.port}`).join("\n")}
`;
}

/** Sends one command to HAProxy's runtime API and returns its answer. */
export function haproxyCommand(socketPath, command, timeoutMs = 3000) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`haproxy runtime API: no answer to "${command}" in ${timeoutMs} ms`));
    }, timeoutMs);
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${command}\n`));
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

/** Each server of the `app` backend with HAProxy's view of it: { name → "UP" | "DOWN" | "MAINT" | … }. */
export async function serverStates(socketPath) {
  const csv = await haproxyCommand(socketPath, "show stat");
  const lines = csv.split("\n").filter(Boolean);
  const header = (lines.shift() ?? "").replace(/^# /, "").split(",");
  const px = header.indexOf("pxname");
  const sv = header.indexOf("svname");
  const status = header.indexOf("status");
  const states = {};
  for (const line of lines) {
    const cols = line.split(",");
    if (cols[px] !== "app" || cols[sv] === "BACKEND" || cols[sv] === "FRONTEND") continue;
    states[cols[sv]] = cols[status];
  }
  return states;
}
