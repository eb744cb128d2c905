import { randomUUID } from "node:crypto";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from "@helio/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, fieldError } from "../http/errors.ts";

/**
 * The one rule for every money request that carries an `Idempotency-Key` (deposits, withdrawals,
 * trades, balance adjustments, demo resets, and whatever moves money next):
 *
 * - the first request with a key does the work; every later request with the same key (from the
 *   same member) does nothing and answers the first result with the SAME status code;
 * - a later request with the same key but a different request (another amount, pair, account…)
 *   is refused with 409 IDEMPOTENCY_CONFLICT naming the `Idempotency-Key` field and what differs;
 * - two requests racing with one key produce one effect: the loser's work fails on the feature's
 *   unique key (or throws `KeyAlreadyUsed`), and it answers as a replay of the winner.
 *
 * Each feature keeps the key next to what it created (a `request_key` column, or the ledger
 * movement's idempotency key), so the record and its key commit in one transaction: no separate
 * table can disagree with the money. The feature tells this helper how to find a stored request
 * and what it asked for; this helper owns the comparison, the status and the race.
 */

export const IDEMPOTENCY_FIELD = "Idempotency-Key";

/** The request's Idempotency-Key (8–100 of A-Z a-z 0-9 _ . : -), or null when none was sent. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !IDEMPOTENCY_KEY.test(value)) {
    throw fieldError(IDEMPOTENCY_FIELD, "8 to 100 characters: letters, digits, _ . : -");
  }
  return value;
}
/** The request's Idempotency-Key, or a fresh one (the request then cannot be replayed). */
export const idempotencyKeyOrNew = (request: FastifyRequest) => idempotencyKeyOf(request) ?? randomUUID();

/**
 * What a request asks for, reduced to the values that decide its effect (never a 2FA code);
 * amounts as bigint microcents.
 */
export type RequestFingerprint = Readonly<Record<string, string | number | bigint | boolean | null>>;

/** A stored request found under a key: what it asked for and the answer it got. */
export type StoredRequest<T> = { request: RequestFingerprint; body: T };

/** The answer to send: `replayed` when the key had been used for this same request before. */
export type IdempotentAnswer<T> = { status: number; body: T; replayed: boolean };

/** Thrown by work that finds, inside its own transaction, that the key is taken (a race lost). */
export class KeyAlreadyUsed extends Error {
  constructor() {
    super("idempotency key already used");
    this.name = "KeyAlreadyUsed";
  }
}

/** The fields whose values differ between two fingerprints (in either), sorted. */
export function differingFields(a: RequestFingerprint, b: RequestFingerprint): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => (a[k] ?? null) !== (b[k] ?? null)).sort();
}

export function keyConflict(what: string, fields: string[]) {
  const detail = fields.length ? ` (${fields.join(", ")} differ)` : "";
  const message = `This key was already used for a different ${what}${detail}; use a new key for a new request.`;
  return new AppError(409, "IDEMPOTENCY_CONFLICT", `${IDEMPOTENCY_FIELD}: ${message}`, [
    { field: IDEMPOTENCY_FIELD, message },
  ]);
}

/**
 * Runs `run` at most once per (member, key). Without a key, the work simply runs (no replay).
 * `status` is the first answer's status; a replay answers with it too.
 */
export async function idempotentMoneyRequest<T>(opts: {
  /** The member the key belongs to (keys of different members never meet). */
  member: string;
  key: string | null;
  /** What this request asks for. */
  request: RequestFingerprint;
  /** Names the request in the conflict message ("deposit", "trade"…). */
  what: string;
  status: number;
  find: (member: string, key: string) => Promise<StoredRequest<T> | null>;
  run: () => Promise<T>;
}): Promise<IdempotentAnswer<T>> {
  const { key } = opts;
  const replayOf = async (): Promise<IdempotentAnswer<T> | null> => {
    if (!key) return null;
    const stored = await opts.find(opts.member, key);
    if (!stored) return null;
    const differ = differingFields(stored.request, opts.request);
    if (differ.length) throw keyConflict(opts.what, differ);
    return { status: opts.status, body: stored.body, replayed: true };
  };
  const earlier = await replayOf();
  if (earlier) return earlier;
  try {
    return { status: opts.status, body: await opts.run(), replayed: false };
  } catch (error) {
    // A request with the same key committed in the meantime: answer as its replay.
    const raced = await replayOf();
    if (raced) return raced;
    if (error instanceof KeyAlreadyUsed)
      throw new Error("idempotency: the key is taken but nothing is stored under it");
    throw error;
  }
}

/** Sends an idempotent answer; a replay carries `Idempotent-Replayed: true` (the body is the first one). */
export function sendIdempotent<T>(reply: FastifyReply, answer: IdempotentAnswer<T>) {
  if (answer.replayed) reply.header("idempotent-replayed", "true");
  return reply.status(answer.status).send(answer.body);
}

/**
 * The handler of a money request: `run` gets the request's Idempotency-Key and does the work through
 * `idempotentMoneyRequest`; its answer is sent with `sendIdempotent`.
 */
export function idempotentHandler<R extends FastifyRequest, T>(
  run: (request: R, key: string | null) => Promise<IdempotentAnswer<T>>,
) {
  return async (request: R, reply: FastifyReply) =>
    sendIdempotent(reply, await run(request, idempotencyKeyOf(request)));
}
