import { Runtime } from "./fault-matrix-table";
export async function browserRuntime(): Promise<Runtime> {
  return { name: "browser", faults: [], cell: async () => ({ runtime: "browser", fault: "refused", applicable: false }), close: async () => undefined };
}
