/**
 * No module-level mutable state in src/ outside the composition roots (src/compose): data passes
 * through arguments. On the TypeScript compiler API, per file:
 *   - a module-level `let` or `var`;
 *   - a module-level `const` bound to `new Map/Set/WeakMap/WeakSet/Array(...)`, an array literal or
 *     an object literal that the file mutates (`.set`, `.add`, `.push`, `.delete`, an assignment to
 *     one of its properties ...): a registry or a singleton.
 * A pure memo of a function's own results is not state: named as a cache (`cache`, `...Cache`) it
 * passes. Each violation is {rule: "module-state", file, name, detail}.
 *
 * And in every file of src/, src/compose included: a write to the global object (`globalThis.x = `,
 * `window[k] = `, `delete self.x`, `Object.defineProperty(globalThis, ...)`, or the same through a
 * local name bound to it): data hidden where any module can read it. Each is {rule: "global-write",
 * file, name (the property, or "?" when computed), detail}.
 *
 * ALLOWED and GLOBAL_WRITERS list what must stay, each with its one-line reason; everything else is
 * fixed, not listed.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const ts = require("typescript");
const { sourceFiles: filesUnder } = require("./size");

const ROOT_DIR = "src";
const EXEMPT_DIR = /^src\/compose\//;
const SOURCE = /\.ts$/;
const CACHE_NAME = /(^c|C)ache$/;
const COLLECTIONS = new Set(["Map", "Set", "WeakMap", "WeakSet", "Array"]);
const MUTATORS = new Set(["set", "add", "delete", "clear", "push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill", "copyWithin"]);

/** What must stay, by "file name", each with why. */
const ALLOWED = {
  "src/formula/engine/evaluate.ts depth": "a re-entrancy guard of the synchronous call stack (a cell source evaluating its own formulas): back to 0 whenever evaluate returns, so it carries nothing between calls",
  "src/fake-office/plain.ts pins": "a WeakMap keyed by the cell it describes: a pin lives and dies with its cell, and no other book can reach it",
  "src/workbench/workbench.ts page": "the development page's own entry (a webpack entry, a composition root like src/compose): the file the one page opened",
  "src/workbench/workbench.ts scheduled": "the development page's own entry: one pending repaint of the one page",
};

/** The files that may write to the global object, each with why (its own comment says more). */
const GLOBAL_WRITERS = {
  "src/compose/runtime-slot.ts": "the page runtime's one slot: a second copy of the bundle in the runtime and the drivers of a development page (the workbench's frame, Playwright) can reach the Host only through the page's window",
};
const GLOBAL_NAMES = new Set(["globalThis", "window", "self"]);

/** The TypeScript files of src/ (size.js walks the tree the same way); `all` keeps the composition roots. */
function sourceFiles(root, all = false) {
  return filesUnder(root, ROOT_DIR).filter((f) => SOURCE.test(f) && (all || !EXEMPT_DIR.test(f)));
}

/** `new Map()`, `[]`, `{}` (through `as` / `satisfies`): a value a function could fill. */
function mutableInit(init) {
  let e = init;
  while (e && (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e))) e = e.expression;
  if (!e) return null;
  if (ts.isNewExpression(e) && ts.isIdentifier(e.expression) && COLLECTIONS.has(e.expression.text)) return `new ${e.expression.text}`;
  if (ts.isArrayLiteralExpression(e)) return "an array literal";
  if (ts.isObjectLiteralExpression(e)) return "an object literal";
  return null;
}

/** Whether `node` writes through `name`: a mutating call, an assignment or update of a property, a delete. */
function mutates(node, name) {
  const isName = (x) => x && ts.isIdentifier(x) && x.text === name;
  const ownerIsName = (x) => x && (ts.isPropertyAccessExpression(x) || ts.isElementAccessExpression(x)) && isName(x.expression);
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && isName(node.expression.expression)) return MUTATORS.has(node.expression.name.text);
  if (ts.isCallExpression(node) && /^Object\.(assign|defineProperty)$/.test(node.expression.getText()) && isName(node.arguments[0])) return true;
  if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return ownerIsName(node.left);
  if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) return ownerIsName(node.operand);
  if (ts.isDeleteExpression(node)) return ownerIsName(node.expression);
  return false;
}

function isMutated(sf, name) {
  let found = false;
  const visit = (n) => {
    if (found) return;
    if (mutates(n, name)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function checkFile(root, file) {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out = [];
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const list = st.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const d of list.declarations) {
      const name = ts.isIdentifier(d.name) ? d.name.text : d.name.getText();
      if (!isConst) {
        out.push({ rule: "module-state", file, name, detail: `a module-level ${list.flags & ts.NodeFlags.Let ? "let" : "var"}: pass it through arguments` });
        continue;
      }
      const kind = mutableInit(d.initializer);
      if (!kind || CACHE_NAME.test(name) || !isMutated(sf, name)) continue;
      out.push({ rule: "module-state", file, name, detail: `a module-level const bound to ${kind} that the module fills: pass it through arguments (a memo is named as a cache)` });
    }
  }
  return out.filter((v) => !ALLOWED[`${v.file} ${v.name}`]);
}

/** `e` without `as`, `satisfies`, `!` and parentheses around it. */
function bare(e) {
  while (e && (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isTypeAssertionExpression(e))) e = e.expression;
  return e;
}

/** Names bound to the global object in this file (`const g = globalThis as ...`), the global names themselves included. */
function globalAliases(sf) {
  const names = new Set(GLOBAL_NAMES);
  const visit = (n) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const init = bare(n.initializer);
      if (ts.isIdentifier(init) && names.has(init.text)) names.add(n.name.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return names;
}

/** The property `target` writes on the global object ("?" when computed), or null when it is not a global's property. */
function globalProperty(target, aliases) {
  const t = bare(target);
  if (!t || !(ts.isPropertyAccessExpression(t) || ts.isElementAccessExpression(t))) return null;
  const owner = bare(t.expression);
  if (!ts.isIdentifier(owner) || !aliases.has(owner.text)) return null;
  if (ts.isPropertyAccessExpression(t)) return t.name.text;
  return ts.isStringLiteralLike(t.argumentExpression) ? t.argumentExpression.text : "?";
}

function globalWrite(n, aliases) {
  if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return globalProperty(n.left, aliases);
  if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) && (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)) return globalProperty(n.operand, aliases);
  if (ts.isDeleteExpression(n)) return globalProperty(n.expression, aliases);
  if (ts.isCallExpression(n) && /^(Object|Reflect)\.(assign|defineProperty|defineProperties|set)$/.test(n.expression.getText()) && n.arguments.length) {
    const owner = bare(n.arguments[0]);
    if (ts.isIdentifier(owner) && aliases.has(owner.text)) return n.arguments[1] && ts.isStringLiteralLike(n.arguments[1]) ? n.arguments[1].text : "?";
  }
  return null;
}

function checkGlobals(root, file) {
  if (GLOBAL_WRITERS[file]) return [];
  const sf = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
  const aliases = globalAliases(sf);
  const out = [];
  const visit = (n) => {
    const name = globalWrite(n, aliases);
    if (name !== null) out.push({ rule: "global-write", file, name, detail: "a write to the global object: pass it through arguments (the page's one slot is src/compose/runtime-slot.ts)" });
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

function checkState(root) {
  return [...sourceFiles(root).flatMap((f) => checkFile(root, f)), ...sourceFiles(root, true).flatMap((f) => checkGlobals(root, f))];
}

module.exports = { checkState };
