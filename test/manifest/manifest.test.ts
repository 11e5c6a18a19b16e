/**
 * Structural checks of the XML manifest: Microsoft's validator
 * needs the network and its public XSDs predate <Runtimes>, so the rules that matter are here.
 * Checked on the committed manifest.xml and on the manifest a production build renders.
 */
import * as fs from "fs";
import * as path from "path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureBuilt } = require("../../scripts/build-helpers/ensure-built");

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { renderManifest } = require("../../scripts/build-helpers/manifest");
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { addinConfig } = require("../../scripts/build-helpers/config");

const ROOT = path.join(__dirname, "..", "..");
const SOURCE = fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8");

type Node = Record<string, unknown>;
const ordered = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", preserveOrder: true, removeNSPrefix: false });
const plain = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: false, isArray: () => true });

/** Depth-first list of every element with its attributes and children (preserveOrder form). */
interface El {
  name: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
}
function toEls(nodes: Node[]): El[] {
  const out: El[] = [];
  for (const n of nodes) {
    const name = Object.keys(n).find((k) => k !== ":@");
    if (!name || name === "#text" || name === "#comment" || name === "?xml") continue;
    const kids = (n[name] as Node[]) ?? [];
    const attrs = Object.fromEntries(Object.entries((n[":@"] as Record<string, string>) ?? {}).map(([k, v]) => [k.replace(/^@/, ""), String(v)]));
    const text = kids.filter((k) => "#text" in k).map((k) => String(k["#text"])).join("");
    out.push({ name, attrs, children: toEls(kids), text });
  }
  return out;
}
function all(els: El[], pred: (e: El) => boolean, acc: El[] = []): El[] {
  for (const e of els) {
    if (pred(e)) acc.push(e);
    all(e.children, pred, acc);
  }
  return acc;
}
function parse(xml: string): El[] {
  return toEls(ordered.parse(xml) as Node[]);
}

function checkManifest(xml: string, cfg: { baseUrl: string; appUrl: string; addinUrl: string }) {
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(plain.parse(xml)).toBeTruthy();
  const doc = parse(xml);
  const root = doc.find((e) => e.name === "OfficeApp")!;
  expect(root).toBeDefined();
  expect(root.attrs["xsi:type"]).toBe("TaskPaneApp");

  // Requirement sets: SharedRuntime 1.1 and CustomFunctionsRuntime 1.3 in the base requirements.
  const sets = all([root], (e) => e.name === "Set").map((e) => `${e.attrs.Name}@${e.attrs.MinVersion}`);
  expect(sets).toEqual(expect.arrayContaining(["SharedRuntime@1.1", "CustomFunctionsRuntime@1.3"]));
  expect(root.children.map((c) => c.name).indexOf("Requirements")).toBeGreaterThan(root.children.map((c) => c.name).indexOf("Hosts"));

  // The Workbook host in VersionOverrides: Runtimes first, one long-lived runtime.
  const hosts = all([root], (e) => e.name === "Host" && e.attrs["xsi:type"] === "Workbook");
  expect(hosts).toHaveLength(1);
  const host = hosts[0];
  expect(host.children[0].name).toBe("Runtimes");
  const runtimes = host.children[0].children.filter((c) => c.name === "Runtime");
  expect(runtimes).toHaveLength(1);
  expect(runtimes[0].attrs.lifetime).toBe("long");
  const runtimeResid = runtimes[0].attrs.resid;

  // The custom functions extension point: Script, Page, Metadata, Namespace, in that order.
  const cf = all([host], (e) => e.name === "ExtensionPoint" && e.attrs["xsi:type"] === "CustomFunctions");
  expect(cf).toHaveLength(1);
  expect(cf[0].children.map((c) => c.name)).toEqual(["Script", "Page", "Metadata", "Namespace"]);
  const src = (name: string) => cf[0].children.find((c) => c.name === name)!.children.find((c) => c.name === "SourceLocation")!.attrs.resid;
  const pageResid = src("Page");
  const functionFile = all([host], (e) => e.name === "FunctionFile");
  expect(functionFile).toHaveLength(1);
  const showPane = all([host], (e) => e.name === "Action" && e.attrs["xsi:type"] === "ShowTaskpane");
  expect(showPane.length).toBeGreaterThan(0);
  const paneResids = showPane.map((a) => a.children.find((c) => c.name === "SourceLocation")!.attrs.resid);
  // One resid for the runtime, the functions' page, the function file and the pane.
  for (const r of [pageResid, functionFile[0].attrs.resid, ...paneResids]) expect(r).toBe(runtimeResid);

  // No TaskpaneId anywhere under the shared-runtime host (would create a second pane/runtime).
  expect(all([host], (e) => e.name === "TaskpaneId")).toHaveLength(0);

  // Every resid resolves and is at most 32 characters.
  const resources = all([root], (e) => e.name === "Resources")[0];
  const defined = new Map<string, El>();
  for (const e of all([resources], (x) => /^bt:(Url|String|Image)$/.test(x.name))) {
    expect(defined.has(e.attrs.id)).toBe(false);
    defined.set(e.attrs.id, e);
  }
  const used = all([root], (e) => "resid" in e.attrs).map((e) => e.attrs.resid);
  expect(used.length).toBeGreaterThan(5);
  for (const r of used) {
    expect(r.length).toBeLessThanOrEqual(32);
    expect(defined.has(r)).toBe(true);
  }
  for (const id of defined.keys()) expect(id.length).toBeLessThanOrEqual(32);

  // Namespace SVC; metadata URL ends in functions.json; the script URL is the bundle.
  const nsResid = cf[0].children.find((c) => c.name === "Namespace")!.attrs.resid;
  expect(defined.get(nsResid)!.attrs.DefaultValue).toBe("SVC");
  expect(defined.get(src("Metadata"))!.attrs.DefaultValue).toMatch(/\/functions\.json$/);
  expect(defined.get(src("Script"))!.attrs.DefaultValue).toMatch(/\/functions\.js$/);
  expect(defined.get(runtimeResid)!.attrs.DefaultValue).toMatch(/\/taskpane\.html$/);

  // Every URL Office loads is https on the add-in's origin.
  const origin = new URL(cfg.addinUrl).origin;
  const urls = [
    ...[...defined.values()].filter((e) => e.name !== "bt:String").map((e) => e.attrs.DefaultValue),
    ...all([root], (e) => ["IconUrl", "HighResolutionIconUrl", "SupportUrl", "SourceLocation"].includes(e.name) && "DefaultValue" in e.attrs).map(
      (e) => e.attrs.DefaultValue
    ),
  ];
  expect(urls.length).toBeGreaterThan(8);
  for (const u of urls) {
    expect(u).toMatch(/^https:\/\//);
    expect(new URL(u).origin).toBe(origin);
  }

  // AppDomains: exactly the API's and the sign-in service's origins (https unless loopback).
  const domains = all([root], (e) => e.name === "AppDomain").map((e) => e.text.trim());
  const expected = [...new Set([new URL(cfg.baseUrl).origin, new URL(cfg.appUrl).origin])].filter((o) => o !== origin);
  expect(domains.sort()).toEqual(expected.sort());
  for (const d of domains) {
    const u = new URL(d);
    if (!["127.0.0.1", "localhost"].includes(u.hostname)) expect(u.protocol).toBe("https:");
  }

  // The Id is a GUID; the version has four parts.
  expect(root.children.find((c) => c.name === "Id")!.text).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  expect(root.children.find((c) => c.name === "Version")!.text).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
}

describe("manifest.xml", () => {
  it("is a valid shared-runtime custom-functions manifest with the development addresses", () => {
    checkManifest(SOURCE, addinConfig({}));
  });

  it("renders production addresses and AppDomains from SVC_BASE_URL, SVC_APP_URL and SVC_ADDIN_URL", () => {
    const env = { SVC_BASE_URL: "https://api.svc.example", SVC_APP_URL: "https://app.svc.example/", SVC_ADDIN_URL: "https://excel.svc.example" };
    const cfg = addinConfig(env);
    const xml = renderManifest(SOURCE, cfg);
    checkManifest(xml, cfg);
    expect(xml).not.toContain("localhost");
    expect(xml).not.toContain("127.0.0.1");
  });

  it("renders every add-in URL under a sub-path (SVC_ADDIN_URL=https://host.example/excel/)", () => {
    const cfg = addinConfig({ SVC_ADDIN_URL: "https://host.example/excel/" });
    const xml = renderManifest(SOURCE, cfg);
    checkManifest(xml, cfg);
    expect(xml).toContain("https://host.example/excel/taskpane.html");
    expect(xml).toContain("https://host.example/excel/functions.json");
    expect(xml).not.toMatch(/https:\/\/host\.example\/(?!excel\/)/);
  });

  it("keeps one AppDomain when the API and the sign-in page share an origin", () => {
    const cfg = addinConfig({ SVC_BASE_URL: "https://svc.example", SVC_ADDIN_URL: "https://addin.svc.example" });
    checkManifest(renderManifest(SOURCE, cfg), cfg);
  });

  it("refuses non-https production addresses", () => {
    expect(() => addinConfig({ SVC_ADDIN_URL: "http://addin.example" })).toThrow(/https/);
    expect(() => addinConfig({ SVC_BASE_URL: "http://api.example" })).toThrow(/https/);
  });

  it.each([
    ["Runtimes not first", (x: string) => x.replace(/(<Runtimes>[\s\S]*?<\/Runtimes>)\s*(<AllFormFactors>[\s\S]*?<\/AllFormFactors>)/, "$2$1")],
    ["short-lived runtime", (x: string) => x.replace('<Runtime resid="Taskpane.Url" lifetime="long"/>', '<Runtime resid="Taskpane.Url" lifetime="short"/>')],
    ["inconsistent resid", (x: string) => x.replace('<FunctionFile resid="Taskpane.Url"/>', '<FunctionFile resid="Commands.Url"/>')],
    ["TaskpaneId", (x: string) => x.replace('<Action xsi:type="ShowTaskpane">', '<Action xsi:type="ShowTaskpane"><TaskpaneId>ButtonId1</TaskpaneId>')],
    ["wrong namespace", (x: string) => x.replace('id="Functions.Namespace" DefaultValue="SVC"', 'id="Functions.Namespace" DefaultValue="CONTOSO"')],
    ["missing requirement set", (x: string) => x.replace('<Set Name="SharedRuntime" MinVersion="1.1"/>', "")],
    ["http URL", (x: string) => x.replace('DefaultValue="https://localhost:3000/functions.json"', 'DefaultValue="http://localhost:3000/functions.json"')],
    ["long resid", (x: string) => x.split("Functions.Metadata.Url").join("Functions.Metadata.Url.TooLongForOffice")],
  ])("rejects a manifest with %s", (_name, mutate) => {
    const bad = mutate(SOURCE);
    expect(bad).not.toBe(SOURCE);
    expect(() => checkManifest(bad, addinConfig({}))).toThrow();
  });

  it("checks the built dist/manifest.xml (built first when missing or stale)", () => {
    ensureBuilt({ quiet: true });
    const built = path.join(ROOT, "dist", "manifest.xml");
    const xml = fs.readFileSync(built, "utf8");
    const origin = /<SourceLocation DefaultValue="(https:\/\/[^/"]+)\//.exec(xml)![1];
    const domains = [...xml.matchAll(/<AppDomain>([^<]+)<\/AppDomain>/g)].map((m) => m[1]);
    const cfg = { addinUrl: origin, baseUrl: domains[0] ?? origin, appUrl: domains[1] ?? domains[0] ?? origin };
    checkManifest(xml, cfg);
  }, 300_000);
});
