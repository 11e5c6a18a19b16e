/** Signing in from a workbook page through the Office dialog popup (the fake host opens it as a popup). */
import type { Page } from "playwright-core";

/** Sign in from `page` through the Office dialog popup, pressing Allow on the consent page. */
export async function signInThroughPopup(page: Page): Promise<unknown> {
  const popupPromise = page.waitForEvent("popup");
  const result = page.evaluate(() =>
    (window as unknown as { __svcHost: { signIn(): Promise<unknown> } }).__svcHost.signIn().then(
      (s) => ({ ok: s }),
      (e: Error & { code?: string }) => ({ failed: e.code ?? e.message })
    )
  );
  const popup = await popupPromise;
  await popup.waitForLoadState();
  const allow = popup.getByRole("button", { name: /allow/i });
  const refusedByStartPage = popup.getByText(/sign-in link is not valid/i);
  await Promise.race([allow.waitFor({ timeout: 15_000 }), refusedByStartPage.waitFor({ timeout: 15_000 })]).catch(() => undefined);
  if (await refusedByStartPage.isVisible().catch(() => false)) {
    throw new Error(
      `the dialog start page refused the sandbox's authorize URL (${popup.url()}): src/dialog/start.ts must accept ` +
        "the loopback development addresses (effectiveConfig() from src/host/config.ts, not buildConfig())"
    );
  }
  await allow.click();
  return result;
}
