/** OfficeRuntime.storage: an async string store per origin, kept in localStorage (memory without it). */

const PREFIX = "__fakeOfficeRuntime.storage:";

export function createStorage(win: Window) {
  const memory = new Map<string, string>();
  const ls = (): Storage | null => {
    try {
      return win.localStorage;
    } catch {
      return null;
    }
  };
  const storage = {
    async getItem(k: string): Promise<string | null> {
      const s = ls();
      return s ? s.getItem(PREFIX + k) : (memory.get(k) ?? null);
    },
    async setItem(k: string, v: string): Promise<void> {
      if (typeof v !== "string") throw new Error("OfficeRuntime.storage stores strings only");
      const s = ls();
      if (s) s.setItem(PREFIX + k, v);
      else memory.set(k, v);
    },
    async removeItem(k: string): Promise<void> {
      const s = ls();
      if (s) s.removeItem(PREFIX + k);
      else memory.delete(k);
    },
    async getItems(keys: string[]): Promise<Record<string, string | null>> {
      const vals = await Promise.all(keys.map((k) => storage.getItem(k)));
      return Object.fromEntries(keys.map((k, i) => [k, vals[i]]));
    },
    async setItems(obj: Record<string, string>): Promise<void> {
      await Promise.all(Object.keys(obj).map((k) => storage.setItem(k, obj[k])));
    },
    async removeItems(keys: string[]): Promise<void> {
      await Promise.all(keys.map((k) => storage.removeItem(k)));
    },
    async getKeys(): Promise<string[]> {
      const s = ls();
      if (!s) return [...memory.keys()];
      const out: string[] = [];
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k && k.startsWith(PREFIX)) out.push(k.slice(PREFIX.length));
      }
      return out;
    },
  };
  return storage;
}
