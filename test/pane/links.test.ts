import { openExternalLink, safeExternalUrl } from "../../src/office/links";

function env(supported: boolean) {
  const openBrowserWindow = jest.fn();
  const open = jest.fn();
  return {
    openBrowserWindow,
    open,
    env: {
      office: { context: { requirements: { isSetSupported: (n: string, v?: string) => supported && n === "OpenBrowserWindowApi" && v === "1.1" }, ui: { openBrowserWindow } } },
      window: { open },
    },
  };
}

describe("external links", () => {
  it.each(["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<script>1</script>", "file:///etc/passwd", "java\nscript:alert(1)", "/relative", ""])(
    "does not open %j",
    (url) => {
      const e = env(true);
      expect(openExternalLink(url, e.env)).toBe(false);
      expect(e.openBrowserWindow).not.toHaveBeenCalled();
      expect(e.open).not.toHaveBeenCalled();
    }
  );

  it("opens https links with openBrowserWindow where OpenBrowserWindowApi 1.1 is supported", () => {
    const e = env(true);
    expect(openExternalLink("https://www.sec.gov/a", e.env)).toBe(true);
    expect(e.openBrowserWindow).toHaveBeenCalledWith("https://www.sec.gov/a");
    expect(e.open).not.toHaveBeenCalled();
  });

  it("falls back to window.open with noopener elsewhere", () => {
    const e = env(false);
    expect(openExternalLink("http://example.test/b", e.env)).toBe(true);
    expect(e.open).toHaveBeenCalledWith("http://example.test/b", "_blank", "noopener");
  });

  it("accepts only absolute http and https URLs", () => {
    expect(safeExternalUrl("https://example.test/x?y=1")).toBe("https://example.test/x?y=1");
    expect(safeExternalUrl("vbscript:x")).toBeNull();
    expect(safeExternalUrl(42)).toBeNull();
  });
});
