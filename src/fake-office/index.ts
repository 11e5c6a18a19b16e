/**
 * The fake Office host, served instead of https://appsforoffice.microsoft.com/lib/1/hosted/office.js
 * by the browser tests (test/browser/harness.ts) and the workbench dev server: webpack bundles this
 * entry into ONE script (build/workbench/fake-office.js; webpack.config.js, never into dist/).
 * The modules beside this file are the host.
 */
import { installFakeOffice } from "./install";

installFakeOffice(window as unknown as Parameters<typeof installFakeOffice>[0]);
