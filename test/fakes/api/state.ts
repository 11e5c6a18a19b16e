/** What one fake API server knows and counts: its options, switches, traffic, quota, faults and edits. */
import type * as http from "http";
import type { Socket } from "net";
import { HostileOptions, HostileStats, Poisoner } from "./hostile";
import { SandboxEdits } from "./edits";
import { Traffic } from "./traffic";
import { Quotas } from "./quota";
import { FaultPlan } from "./faults";
import { OutageSetting, checkOutage } from "./outage";
import { SANDBOX_API_KEY, TokenValidator } from "./credentials";

export interface FakeApiOptions {
  port?: number;
  host?: string;
  latencyMs?: number;
  quota?: number;
  countRejected?: boolean;
  apiKeys?: string[];
  /** Return true (or a connection id to count quota/concurrency against) to accept an access token. */
  validateToken?: TokenValidator;
  routes?: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => boolean | Promise<boolean>;
  validationStyle?: "400" | "422";
  extraFields?: boolean;
  allowedOrigins?: string[] | "*";
  now?: () => Date;
  /** Start in an outage (./outage.ts). */
  outage?: OutageSetting;
  /** Mount GET/POST /__fake/control and POST /__fake/edits (loopback callers only, ./control.ts). */
  controlEndpoint?: boolean;
  /** The hostile API (./hostile.ts): poisoned text and links in every answer, and the hostile tickers. */
  hostile?: boolean | HostileOptions;
}

interface Switches {
  paymentRequired: boolean;
  unavailable: boolean;
}

const NO_SWITCHES: Switches = { paymentRequired: false, unavailable: false };

export class ApiState {
  /** http://host:port once listening. */
  base = "";
  latency: number;
  mode: Switches = { ...NO_SWITCHES };
  outage: OutageSetting;
  /** Every get_financials value is the original times this (./restate.ts). */
  restatement = 1;
  closed = false;
  readonly apiKeys: Set<string>;
  readonly style: "400" | "422";
  readonly origins: string[] | "*";
  readonly traffic = new Traffic();
  readonly quotas: Quotas;
  readonly faults = new FaultPlan();
  readonly hostile: HostileOptions | null;
  readonly hostileStats: HostileStats = { hugeRequests: 0, hugeBytesSent: 0, deepRequests: 0 };
  readonly poisoner: Poisoner;
  readonly edits = new SandboxEdits();
  readonly sockets = new Set<Socket>();
  private readonly sleepers = new Set<() => void>();

  constructor(readonly opts: FakeApiOptions) {
    const now = opts.now ?? (() => new Date());
    this.quotas = new Quotas(opts.quota ?? 2000, () => now().toISOString().slice(0, 10));
    this.apiKeys = new Set(opts.apiKeys ?? [SANDBOX_API_KEY]);
    this.style = opts.validationStyle ?? "400";
    this.origins = opts.allowedOrigins ?? "*";
    this.latency = opts.latencyMs ?? 0;
    this.outage = checkOutage(opts.outage ?? { mode: null });
    this.hostile = opts.hostile ? (opts.hostile === true ? {} : opts.hostile) : null;
    this.poisoner = new Poisoner(this.hostile?.provenance === true);
  }

  /** The challenge a 401 carries, pointing at the protected-resource metadata. */
  wwwAuthenticate(): string {
    return `Bearer resource_metadata="${this.base}/.well-known/oauth-protected-resource/mcp"`;
  }

  /** Wait `ms` (the simulated latency); close() wakes every sleeper at once. */
  sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (ms <= 0 || this.closed) return resolve();
      const done = () => {
        clearTimeout(t);
        this.sleepers.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  setMode(m: Partial<Switches>): void {
    this.mode = { ...this.mode, ...Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) };
  }

  reset(): void {
    this.edits.reset();
    this.traffic.reset();
    this.outage = { mode: null };
    this.faults.reset();
    this.mode = { ...NO_SWITCHES };
    this.quotas.reset();
    this.restatement = 1;
  }

  async close(server: http.Server): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const wake of [...this.sleepers]) wake();
    const done = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    server.closeAllConnections?.();
    await done;
  }
}
