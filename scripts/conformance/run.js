#!/usr/bin/env node
/**
 * `npm run conformance`: runs test/conformance/main.ts over the shared corpus (SVC_REALFILES,
 * default ../shared/realfiles beside the clone). The TypeScript sources are transpiled on load
 * (ts-load.js), so the figures are always those of the sources as they are. Arguments pass
 * through (--file=, --wrong, --json=).
 */
"use strict";
const path = require("path");
require("./ts-load");

require(path.join(__dirname, "../../test/conformance/main.ts"));
