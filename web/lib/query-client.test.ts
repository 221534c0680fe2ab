import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./trpc.ts";

afterEach(() => vi.useRealTimers());

describe("the query client while a page renders on the server", () => {
  it("schedules no timer that would keep a rendered page's data alive after the response", async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    await client.prefetchQuery({
      queryKey: ["catalog", "home"],
      queryFn: async () => ({ big: "x".repeat(1000) }),
    });
    client.setQueryData(["webconfig"], { title: "Pasar" });
    client.getQueryCache().find({ queryKey: ["catalog", "home"] });
    expect(vi.getTimerCount()).toBe(0);
    client.clear();
  });
});
