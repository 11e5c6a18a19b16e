/** The page's cross-runtime lock: Web Locks, shared by every runtime of the add-in's origin. Browser-only adapter. */
import { CrossLock, LocalLock } from "../../platform";

interface LockManagerLike {
  request<T>(name: string, cb: () => Promise<T>): Promise<T>;
}

/** Web Locks (`navigator.locks`): shared by every runtime of the same origin. */
export class WebLock implements CrossLock {
  constructor(private readonly locks: LockManagerLike, private readonly prefix = "svc:") {}
  run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.request(this.prefix + name, fn);
  }
}

/** The best lock this browser runtime offers: Web Locks where present, else in-runtime only. */
export function browserLock(): CrossLock {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ? new WebLock(nav.locks) : new LocalLock();
}
