/**
 * Lists the functions a module exports, with the TypeScript compiler API. custom-functions-metadata
 * scans only top-level `function` declarations: an `export const F = () => …` is silently left out
 * of functions.json, so the metadata test compares against this list.
 */
import * as fs from "fs";
import * as ts from "typescript";

export interface ExportedFunction {
  name: string;
  file: string;
  kind: "declaration" | "arrow" | "expression";
  hasCustomFunctionTag: boolean;
}

function isExported(node: ts.Node): boolean {
  return (ts.getCombinedModifierFlags(node as ts.Declaration) & ts.ModifierFlags.Export) !== 0;
}

function hasTag(node: ts.Node): boolean {
  return ts.getJSDocTags(node).some((t) => t.tagName.text === "customfunction");
}

export function exportedFunctions(file: string): ExportedFunction[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: ExportedFunction[] = [];
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name && isExported(st)) {
      out.push({ name: st.name.text, file, kind: "declaration", hasCustomFunctionTag: hasTag(st) });
    } else if (ts.isVariableStatement(st) && isExported(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !d.initializer) continue;
        const init = d.initializer;
        const kind = ts.isArrowFunction(init) ? "arrow" : ts.isFunctionExpression(init) ? "expression" : null;
        if (kind) out.push({ name: d.name.text, file, kind, hasCustomFunctionTag: hasTag(st) || hasTag(d) });
      }
    }
  }
  return out;
}
