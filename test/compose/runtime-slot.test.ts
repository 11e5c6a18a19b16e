import { claimPageHost, pageHostOf } from "../../src/compose/runtime-slot";
import type { Host } from "../../src/host/host";

describe("the page runtime's slot", () => {
  it("keeps the first Host of the runtime: a second copy of the bundle finds it instead of building another", () => {
    expect(pageHostOf(globalThis)).toBeNull();
    const first = { config: { baseUrl: "http://127.0.0.1:1" } } as unknown as Host;
    let builds = 0;
    const build = () => {
      builds++;
      return builds === 1 ? first : ({} as Host);
    };
    expect(claimPageHost(build)).toBe(first);
    expect(claimPageHost(build)).toBe(first);
    expect(builds).toBe(1);
    // what the workbench reads from the add-in page's frame, and nothing from a window without one
    expect(pageHostOf(globalThis)).toBe(first);
    expect(pageHostOf({})).toBeNull();
    expect(pageHostOf(null)).toBeNull();
  });
});
