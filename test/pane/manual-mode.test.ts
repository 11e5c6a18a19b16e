/**
 * @jest-environment jsdom
 *
 * After a refresh in Manual calculation (Application.calculationMode "Manual": Range.calculate ran the
 * refreshed cells, their dependents stay stale), the pane says so; in Automatic it says nothing of it.
 */
import { mountPane } from "../../src/taskpane/pane";
import { buttonByText, deps, newRoot, sectionOf, stubWorkbook } from "./stubs";

afterEach(() => {
  document.body.textContent = "";
});

async function refreshIn(mode: string | null): Promise<string> {
  const wb = { ...stubWorkbook([{ address: "Sheet1!B2", formula: '=SVC.PEERS("MSFT")' }]), ...(mode ? { calculationMode: jest.fn(async () => mode) } : {}) };
  const d = deps({ workbook: wb, requestsFor: (_fn: string, args: readonly unknown[]) => [{ tool: "get_peers" as const, params: { ticker: args[0] } }] });
  const e = d.engine as typeof d.engine & Record<string, jest.Mock>;
  e.plan = jest.fn(async (reqs: unknown[]) => ({ calls: reqs.length, requests: reqs.length, cached: 0, invalid: [] }));
  e.invalidate = jest.fn(async () => 1);
  e.cancelQueued = jest.fn(() => 0);
  d.engine.emit({ quota_remaining: 100 });
  const root = newRoot();
  mountPane(root, d);
  const refresh = sectionOf(root, "svc-refresh");
  buttonByText(refresh, "Price refresh…").click();
  await new Promise((r) => setTimeout(r, 100));
  buttonByText(refresh, "Refresh now").click();
  await new Promise((r) => setTimeout(r, 900));
  expect(wb.recalculateCells).toHaveBeenCalledWith(["Sheet1!B2"]);
  return refresh.textContent ?? "";
}

describe("Manual calculation after a refresh", () => {
  it("says: press F9 to update dependents", async () => {
    expect(await refreshIn("Manual")).toContain("Excel is in Manual calculation: press F9 to update dependents.");
  });
  it("says nothing of it in Automatic calculation, or where the mode cannot be read", async () => {
    expect(await refreshIn("Automatic")).not.toMatch(/Manual calculation/);
    expect(await refreshIn(null)).not.toMatch(/Manual calculation/);
  });
});
