/**
 * One engine per connection. The runtime keeps ONE engine object (the
 * functions and the pane hold it), which hands every request to the engine of the connection signed
 * in NOW: its own cache scope, quota governor, breaker and call lock. The connection is read before
 * every request; when it differs (a new sign-in, a sign-out, here or in another runtime or process),
 * a fresh engine takes over and the previous connection's state is forgotten (memory and store).
 * Account B is therefore never served account A's answer nor refused by A's quota.
 */
import type { ToolName } from "../api";
import { tellEach } from "../platform";
import type { RawParams } from "../api";
import type { SvcEngine, SvcStats } from "./engine";
import type { EngineAnswer, PlanRequest, RefreshPlan, RequestOptions } from "./types";

export interface ConnectionScopes {
  /** The connection signed in now (null: signed out). A failure to read it counts as signed out. */
  connectionId(): Promise<string | null>;
  /** A new engine for one connection (its own store scope, lock, quota and breaker). */
  engineFor(id: string | null): SvcEngine;
}

export class ConnectionScopedEngine implements SvcEngine {
  private id: string | null;
  private engine: SvcEngine;
  private reading: Promise<string | null> | null = null;
  /** Forgetting the previous connections' state (their store scopes) in the background. */
  private forgetting: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(s: SvcStats) => void>();
  private unsubscribe: () => void;

  /** `initial`: the connection already known (a key's fingerprint), else it is read at once. */
  constructor(private readonly scopes: ConnectionScopes, initial?: string | null) {
    this.id = initial ?? null;
    this.engine = scopes.engineFor(this.id);
    this.unsubscribe = this.engine.onChange((s) => this.emit(s));
    if (initial === undefined) void this.current();
  }

  /** The connection this engine answers for now (as last read). */
  connection(): string | null {
    return this.id;
  }

  /** One read at a time: a burst of requests shares it. */
  private readId(): Promise<string | null> {
    if (!this.reading) {
      const p = this.scopes.connectionId().catch(() => null);
      this.reading = p;
      void p.then(() => {
        if (this.reading === p) this.reading = null;
      });
    }
    return this.reading;
  }

  /** The engine of the connection signed in now (switching, and forgetting the previous one, on a change). */
  async current(): Promise<SvcEngine> {
    const id = await this.readId();
    if (id !== this.id) this.switchTo(id);
    return this.engine;
  }

  private switchTo(id: string | null): void {
    const old = this.engine;
    this.unsubscribe();
    this.id = id;
    this.engine = this.scopes.engineFor(id);
    this.unsubscribe = this.engine.onChange((s) => this.emit(s));
    this.forgetting = this.forgetting.then(() => old.forgetConnection()).catch(() => undefined);
    this.emit(this.engine.stats());
  }

  private emit(s: SvcStats): void {
    tellEach(this.listeners, s);
  }

  async request(tool: ToolName, params: RawParams, opts?: RequestOptions): Promise<EngineAnswer> {
    return (await this.current()).request(tool, params, opts);
  }

  stats(): SvcStats {
    return this.engine.stats();
  }

  onChange(listener: (s: SvcStats) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  quotaBlockedUntil(): number | null {
    return this.engine.quotaBlockedUntil();
  }

  async plan(reqs: PlanRequest[], opts?: { refresh?: boolean }): Promise<RefreshPlan> {
    return (await this.current()).plan(reqs, opts);
  }

  async invalidate(reqs: PlanRequest[]): Promise<number> {
    return (await this.current()).invalidate(reqs);
  }

  cancelQueued(): number {
    return this.engine.cancelQueued();
  }

  /** Sign-out: forget the connection's state; after a switch that is the previous engine's (already under way). */
  async forgetConnection(): Promise<void> {
    const before = this.engine;
    const now = await this.current();
    if (now === before) await now.forgetConnection();
    await this.forgetting;
  }

  async clearCache(): Promise<void> {
    await (await this.current()).clearCache();
  }

  async flush(): Promise<void> {
    await this.forgetting;
    await this.engine.flush();
  }

  async settled(reqs: PlanRequest[], opts?: { signal?: AbortSignal }): Promise<void> {
    return (await this.current()).settled(reqs, opts);
  }

  async idle(): Promise<void> {
    await this.forgetting;
    await this.engine.idle();
  }
}
