#!/usr/bin/env node
/**
 * Rewrites the function table of docs/formula.md (between its catalogue markers) from the catalogue
 * of Excel functions (src/formula/engine/catalogue). test/formula/catalogue.test.ts fails while the
 * two differ: run this after adding or changing a function.
 */
"use strict";
const fs = require("fs");
const path = require("path");
require("./conformance/ts-load");
const { catalogueTable } = require("../src/formula/engine/catalogue/describe.ts");
const { CATALOGUE_END, CATALOGUE_START } = require("../test/formula/catalogue-doc.ts");

const file = path.join(__dirname, "..", "docs", "formula.md");
const text = fs.readFileSync(file, "utf8");
const start = text.indexOf(CATALOGUE_START), end = text.indexOf(CATALOGUE_END);
if (start < 0 || end < start) throw new Error(`docs/formula.md has no ${CATALOGUE_START} … ${CATALOGUE_END} markers`);
fs.writeFileSync(file, `${text.slice(0, start + CATALOGUE_START.length)}\n${catalogueTable().join("\n")}\n${text.slice(end)}`);
console.log(`docs/formula.md: ${catalogueTable().length - 2} functions`);
