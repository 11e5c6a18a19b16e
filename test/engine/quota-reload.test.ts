/**
 * After a reload the quota shown is the server's last word. The figure each answer's
 * X-Quota-Remaining gives is written to the connection's store when it changes, so a workbook reopened
 * (or the next CLI process) shows 1,943 when the server last said 1,943 — not a figure some answers old.
 */
import { createEngine } from "../../src/engine";
import { MemoryStore } from "../../src/engine/records";
import { FakeClient } from "./fakeClient";

it("a reopened engine shows the last X-Quota-Remaining the server sent", async () => {
  const store = new MemoryStore();
  const client = new FakeClient({ latencyMs: 1, quota: 1952 });
  const first = createEngine({ client, store, windowMs: 1 });
  for (const t of ["AAPL", "MSFT", "NVDA", "JPM", "KO", "XOM", "BRK-B", "T", "F"]) await first.request("get_peers", { ticker: t });
  const said = first.stats().quota_remaining;
  expect(said).toBe(1943);
  await new Promise((r) => setTimeout(r, 20)); // the page is closed without a flush
  const reopened = createEngine({ client: new FakeClient(), store });
  await reopened.idle();
  await new Promise((r) => setTimeout(r, 20));
  expect(reopened.stats().quota_remaining).toBe(said);
});
