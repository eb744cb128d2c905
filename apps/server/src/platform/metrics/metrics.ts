import { Counter, Gauge, Histogram, type Metric, Registry } from "prom-client";
import type { Database } from "../../db/client.ts";
import type { EventBus } from "../realtime/bus.ts";

/** What one worker's lag reads: rows already due, and when the oldest of them was due. */
export type Lag = { due: number; oldestDueAt: Date | null };

/**
 * The process's Prometheus metrics (`/api/metrics`, prom-client): one registry per app, the HTTP
 * latency histogram, WebSocket connections, the bus's messages, the database pool, and gauges read
 * from the database when scraped. Each process serves its own; counters start at zero with it.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const httpDuration = new Histogram({
    name: "helio_http_request_duration_seconds",
    help: "HTTP requests by method, route (its pattern) and status, with their latency",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const wsConnections = new Gauge({
    name: "helio_websocket_connections",
    help: "Open WebSocket connections on this process",
    registers,
  });
  const busMessages = new Counter({
    name: "helio_bus_messages_total",
    help: "Messages this process published to, and received from, the realtime bus (Redis or memory)",
    labelNames: ["direction"] as const,
    registers,
  });
  const busErrors = new Counter({
    name: "helio_bus_publish_errors_total",
    help: "Publishes to the realtime bus that failed",
    registers,
  });
  return {
    registry,
    httpDuration,
    wsConnections,
    busMessages,
    busErrors,
    /** A metric made elsewhere (one per process, such as the ledger's) served by this app too. */
    serve(metric: Metric) {
      registry.registerMetric(metric);
    },
    /** The database pool's connections (PostgreSQL; PGlite has one connection and no pool). */
    databasePool(database: Database) {
      new Gauge({
        name: "helio_db_pool_connections",
        help: "PostgreSQL pool connections by state: total open, idle, and queries waiting for one",
        labelNames: ["state"] as const,
        registers,
        collect() {
          const stats = database.poolStats?.();
          if (!stats) return;
          this.set({ state: "total" }, stats.total);
          this.set({ state: "idle" }, stats.idle);
          this.set({ state: "waiting" }, stats.waiting);
        },
      });
    },
    /**
     * A worker's lag, read from the database at each scrape: `<name>_due` rows waiting now, and
     * `<name>_oldest_due_seconds` how long the oldest has waited (0 when none).
     */
    workerLag(name: string, what: string, read: () => Promise<Lag>) {
      const once = sharedRead(read);
      new Gauge({
        name: `helio_${name}_due`,
        help: `${what} due and not yet done`,
        registers,
        async collect() {
          this.set((await once()).due);
        },
      });
      new Gauge({
        name: `helio_${name}_oldest_due_seconds`,
        help: `Seconds since the oldest of the ${what.toLowerCase()} was due (0: none waits)`,
        registers,
        async collect() {
          const { oldestDueAt } = await once();
          this.set(oldestDueAt ? Math.max(0, (Date.now() - oldestDueAt.getTime()) / 1000) : 0);
        },
      });
    },
    /** A gauge read when scraped. */
    gauge(name: string, help: string, read: () => Promise<number>) {
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(await read());
        },
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * One read shared by the gauges of one scrape: prom-client starts every metric's collect before
 * awaiting any, so both find the read under way; the next scrape reads afresh.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      const started = read();
      pending = started;
      const clear = () => {
        if (pending === started) pending = null;
      };
      started.then(clear, clear);
    }
    return pending;
  };
}

/** The bus, counting what goes through it. */
export function countingBus(bus: EventBus, metrics: Metrics): EventBus {
  return {
    kind: bus.kind,
    async publish(channel, message) {
      try {
        await bus.publish(channel, message);
        metrics.busMessages.inc({ direction: "published" });
      } catch (error) {
        metrics.busErrors.inc();
        throw error;
      }
    },
    subscribe(channel, handler) {
      return bus.subscribe(channel, (message) => {
        metrics.busMessages.inc({ direction: "received" });
        return handler(message);
      });
    },
    close: () => bus.close(),
  };
}
