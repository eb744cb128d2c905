/**
 * GETs sent as the app boots, before the route's code has arrived, so that their answers travel
 * beside the chunks instead of after them: `GET /api/me` on a signed-in page waited for the guard's
 * chunk before it was sent (docs/performance.md, "First load"). Each is read once, by the query
 * that would have sent it (`apiFetch`'s `started`); later reads fetch as usual.
 */
const early = new Map<string, Promise<Response>>();

export function startEarlyFetch(path: string): void {
  if (early.has(path)) return;
  const response = fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  // Read by apiFetch, which reports a failure; unread, a failure must not surface as unhandled.
  response.catch(() => {});
  early.set(path, response);
}

/** The early answer for `path`, once; null when none was sent or it was already read. */
export function takeEarlyFetch(path: string): Promise<Response> | null {
  const response = early.get(path) ?? null;
  early.delete(path);
  return response;
}
