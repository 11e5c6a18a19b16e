/**
 * Size rules of src/, test/fakes and scripts/ on the TypeScript compiler API (TypeScript is already here; an ESLint set-up
 * would add a parser, plugins and a config only to count lines): a file over 400 lines, a function
 * over 60 lines, a non-null assertion `!`. Each violation is {rule, file, name, detail}; `name` is
 * what identifies it across edits (the function's name, the asserted expression's text), never a
 * line number, so the known list survives other edits of the same file.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const ts = require("typescript");

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 60;

/** Where the rules apply: the add-in, the fakes the tests stand on, and the scripts (`!` is checked in src/ only). */
const ROOTS = ["src", "test/fakes", "scripts"];
const SOURCE = /\.(ts|js|mjs|cjs)$/;

/** Every source file under `dir` (relative to `root`, forward slashes), declaration files excepted. */
function sourceFiles(root, dir) {
  const out = [];
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const p = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name) && !e.name.endsWith(".d.ts")) out.push(p);
    }
  };
  if (fs.existsSync(path.join(root, dir))) walk(dir);
  return out.sort();
}

function propertyName(name) {
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) ? name.text : null;
}

/** A readable name for a function-like node: `f`, `Class.method`, `outer>(arrow)`. */
function functionName(node) {
  const own = node.name ? propertyName(node.name) : null;
  const parent = node.parent;
  let name = own;
  if (!name && parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))) {
    name = propertyName(parent.name);
  }
  if (ts.isConstructorDeclaration(node)) name = "constructor";
  if (!name) name = "(arrow)";
  const owner = enclosing(node);
  return owner ? `${owner}${ts.isClassLike(node.parent) ? "." : ">"}${name}` : name;
}

/** The name of the class or function around `node`, if any. */
function enclosing(node) {
  for (let p = node.parent; p; p = p.parent) {
    if (ts.isClassLike(p)) return p.name ? p.name.text : "(class)";
    if (ts.isFunctionLike(p) && "body" in p && p.body) return functionName(p);
  }
  return null;
}

const isFunction = (n) =>
  ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) ||
  ts.isConstructorDeclaration(n) || ts.isGetAccessorDeclaration(n) || ts.isSetAccessorDeclaration(n);

function linesOf(sf, node) {
  const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
  const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
  return end - start + 1;
}

/** The violations of one source text. */
function checkSource(file, text) {
  const kind = file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, kind);
  const out = [];
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_FILE_LINES) out.push({ rule: "file-lines", file, name: "", detail: `${lines} lines (at most ${MAX_FILE_LINES})` });
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const n = linesOf(sf, node);
      if (n > MAX_FUNCTION_LINES) out.push({ rule: "function-lines", file, name: functionName(node), detail: `${n} lines (at most ${MAX_FUNCTION_LINES})` });
    }
    if (ts.isNonNullExpression(node) && file.startsWith("src/")) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      out.push({ rule: "non-null", file, name: node.getText(sf).replace(/\s+/g, " ").slice(0, 80), detail: `line ${line}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The size violations of every source file under the roots. */
function checkSizes(root) {
  return ROOTS.flatMap((dir) => sourceFiles(root, dir)).flatMap((f) => checkSource(f, fs.readFileSync(path.join(root, f), "utf8")));
}

module.exports = { checkSizes, checkSource, sourceFiles, ROOTS, MAX_FILE_LINES, MAX_FUNCTION_LINES };
