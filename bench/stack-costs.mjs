#!/usr/bin/env node
// `npm run bench -- --only stack`: what each thing the app adds to every request costs a bare
// Fastify process (the money bench's baseline), one at a time and all together. Each variant is its
// own process (bench/stack-variant.mjs); autocannon at 64 connections on its one JSON route, all
// variants in turns (4 rounds of --seconds / 4 each, the order reversed every other round).
// Prints each variant's req/s and its server's CPU per request (Linux /proc), and the ratio to bare.
//
//   node bench/stack-costs.mjs [--seconds 12]
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { boundedRun, numberArg, processCpuMs } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = 4;
const SLICE_SECONDS = Math.max(1, Math.round(Math.max(4, Math.min(numberArg("seconds", 12), 60)) / ROUNDS));
const VARIANTS = [[], ["logger"], ["headers"], ["hooks"], ["routes"], ["logger", "headers", "hooks", "routes"]];
const { cleanups, cleanup } = boundedRun("stack bench", (120 + VARIANTS.length * ROUNDS * SLICE_SECONDS * 2) * 1000);

async function start(parts) {
  const child = spawn(process.execPath, [path.join(here, "stack-variant.mjs"), ...parts], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  cleanups.push(async () => child.kill("SIGKILL"));
  const port = await new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`stack-variant ${parts.join(",")} exited (${code})`)));
  });
  return { name: parts.join(" + ") || "bare", pid: child.pid, port, rates: [], cpu: 0, requests: 0 };
}

try {
  const variants = await Promise.all(VARIANTS.map(start));
  for (let round = 0; round < ROUNDS; round++) {
    for (const v of round % 2 === 0 ? variants : [...variants].reverse()) {
      const cpuBefore = processCpuMs(v.pid);
      const result = await autocannon({
        url: `http://127.0.0.1:${v.port}/api/bench/bare`,
        connections: 64,
        duration: SLICE_SECONDS,
      });
      v.cpu += processCpuMs(v.pid) - cpuBefore;
      v.requests += result.requests.total;
      v.rates.push(result.requests.average);
    }
  }
  const mean = (v) => v.rates.reduce((a, b) => a + b, 0) / v.rates.length;
  const bare = mean(variants[0]);
  console.info(
    `A bare Fastify process and what the app adds, 64 connections, ${ROUNDS} × ${SLICE_SECONDS} s in turns:`,
  );
  for (const v of variants) {
    const rate = Math.round(mean(v)).toLocaleString("en-US");
    const us = ((v.cpu * 1000) / v.requests).toFixed(1);
    console.info(
      `  ${v.name.padEnd(40)} ${rate.padStart(7)} req/s (${((mean(v) / bare) * 100).toFixed(0)}% of bare), ${us} µs CPU per request`,
    );
  }
} finally {
  await cleanup();
}
