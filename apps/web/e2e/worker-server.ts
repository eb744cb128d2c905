import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

/**
 * A Helio server of one Playwright worker: its own process, embedded database and free port, so
 * that specs run in parallel without sharing settings, members or the outbox.
 */
export type WorkerServer = { url: string; stop(): Promise<void> };

const SERVER_SCRIPT = path.resolve(import.meta.dirname, "server.mjs");
const START_TIMEOUT_MS = 180_000;

/** A port no one listens on now, from the kernel (a later listen may still race for it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function startOnce(): Promise<WorkerServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    cwd: path.dirname(SERVER_SCRIPT),
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The last lines the server printed, for the error when it does not come up.
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString().split("\n").filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", (chunk: Buffer) => {
    keep(chunk);
    if (process.env.E2E_SERVER_LOGS) process.stderr.write(chunk);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited(child);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  child.once("exit", () => {
    gone = true;
  });
  while (!gone && Date.now() < deadline) {
    if (await healthy(url)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the worker's server on port ${port} did not become healthy:\n${tail.join("\n")}`);
}

/** Starts a server; a port taken between choosing and listening is tried once more on another. */
export async function startWorkerServer(): Promise<WorkerServer> {
  try {
    return await startOnce();
  } catch (error) {
    if (!String(error).includes("EADDRINUSE")) throw error;
    return startOnce();
  }
}
