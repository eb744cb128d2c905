import { describe, expect, it } from "vitest";
import { heldReads } from "../test/held-reads.ts";
import { testQueryClient } from "../test/render.tsx";
import { applyLiveData } from "./live-data.ts";

const key = ["settings", "public"] as const;

describe("applyLiveData", () => {
  it("keeps a live value over a read that was answered before the change", async () => {
    const client = testQueryClient();
    const { server, release: releaseAll, stop: unsubscribe } = await heldReads(client, key, 16_300);

    // A reconnect reads again; the read is answered (16,300) before the admin saves 16,250.
    void client.invalidateQueries({ queryKey: key });
    server.value = 16_250;
    const applied = applyLiveData<number>(client, key, () => 16_250);
    await expect.poll(() => server.pending.length).toBeGreaterThan(0);
    releaseAll();
    await applied;
    releaseAll();

    await expect.poll(() => client.getQueryData(key)).toBe(16_250);
    expect(client.isFetching({ queryKey: key })).toBe(0);
    expect(client.getQueryData(key)).toBe(16_250);
    unsubscribe();
  });

  it("reads again after a cancelled read, so what it was catching up on still arrives", async () => {
    const client = testQueryClient();
    const { server, release: releaseAll, stop: unsubscribe } = await heldReads(client, key, 1);
    void client.invalidateQueries({ queryKey: key });
    const readsBefore = server.reads;
    server.value = 3;
    const applied = applyLiveData<number>(client, key, () => 2);
    await expect.poll(() => server.reads).toBe(readsBefore + 1);
    releaseAll();
    await applied;
    await expect.poll(() => client.getQueryData(key)).toBe(3);
    unsubscribe();
  });

  it("only writes the cache when no read is on its way", async () => {
    const client = testQueryClient();
    client.setQueryData(key, 1);
    await applyLiveData<number>(client, key, (n) => (n ?? 0) + 1);
    expect(client.getQueryData(key)).toBe(2);
  });
});
