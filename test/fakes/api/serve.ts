/**
 * `node build/test/fakes/api/serve.js [--port N] [--host H] [--latency MS] [--422] [--extra-fields]
 *   [--outage 429-text|429-html|503|hang] [--retry-after SECONDS] [--hostile]`:
 * runs the fake Company Data API as a local sandbox and prints its URL and the sandbox API key.
 * `--hostile` serves the hostile API (./hostile.ts: formula-like text, terminal escapes, HTML,
 * javascript: links in every answer; tickers HUGE, HUGECL, DEEP, MANY, REDIR, RETRY, RETRYDATE).
 * The outage can be changed at run time from this machine:
 *   curl -X POST 'http://127.0.0.1:8787/__fake/control?outage=503&retry_after=5'   (outage=none ends it)
 */
import { CONTROL_PATH, Outage, SANDBOX_API_KEY, startFakeApi } from "./server";
import { sampleTickers } from "./companies";
import { HOSTILE_TICKERS } from "./hostile";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export async function main(): Promise<void> {
  const port = Number(arg("--port") ?? 8787);
  const api = await startFakeApi({
    port,
    host: arg("--host") ?? "127.0.0.1",
    latencyMs: Number(arg("--latency") ?? 0),
    validationStyle: process.argv.includes("--422") ? "422" : "400",
    extraFields: process.argv.includes("--extra-fields"),
    outage: { mode: (arg("--outage") as Outage | undefined) ?? null, retryAfterSeconds: arg("--retry-after") === undefined ? undefined : Number(arg("--retry-after")) },
    controlEndpoint: true,
    hostile: process.argv.includes("--hostile"),
  });
  process.stdout.write(
    `Company Data API sandbox: ${api.url}\n` +
      `API key: ${SANDBOX_API_KEY}\n` +
      `Try: curl -H "Authorization: Bearer ${SANDBOX_API_KEY}" "${api.url}/api/public/v1/get_financials?ticker=AAPL"\n` +
      `Sample tickers: ${sampleTickers().join(", ")}\n` +
      (process.argv.includes("--hostile") ? `HOSTILE: every answer is poisoned; also try ${Object.values(HOSTILE_TICKERS).join(", ")}\n` : "") +
      `Outage control (loopback only): curl -X POST '${api.url}${CONTROL_PATH}?outage=503&retry_after=5' (outage=none ends it)\n`,
  );
  const stop = () => {
    api.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`${(e as Error)?.stack ?? e}\n`);
    process.exit(1);
  });
}
