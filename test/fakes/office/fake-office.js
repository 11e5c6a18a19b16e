/*
 * A fake Office/Excel host for running the REAL add-in bundle in a browser without Excel
 * (office-addin-facts 3.2). Served instead of https://appsforoffice.microsoft.com/.../office.js by
 * the browser tests (page.route) and by the workbench (the dev server rewrites the page).
 *
 * It models what our code touches, with Office's names and values:
 *   CustomFunctions.associate / Error / ErrorCode      registry of id -> function
 *   Office.onReady, Office.context.ui.displayDialogAsync (a real popup; messageParent from the popup
 *     reaches the page), requirements, partitionKey, Office.EventType, AsyncResultStatus, addin
 *   OfficeRuntime.storage                               async string store (per origin, persistent)
 *   Excel.run(ctx => ...)    application.calculate(type) (re-invokes the sheet's cells on "Full");
 *     workbook.getActiveCell / getSelectedRange (InvalidSelection when a shape is selected),
 *     worksheets.getActiveWorksheet / getItem / items, Range (address, formulas, values, select,
 *     calculate, getCell, getSpillingToRangeOrNullObject), Worksheet.getRange / getUsedRange(OrNullObject),
 *     customXmlParts.add / getByNamespace().getOnlyItemOrNullObject (getXml, setXml, delete),
 *     comments.add. Writes apply at sync, in order; sync does not wait for custom functions.
 * and a driver for tests and the workbench, window.__fakeExcel:
 *   ids()                      associated ids
 *   invoke(id, args, opts)     one invocation like Excel makes it (optional args -> null,
 *                              invocation object last) -> {value} | {error, message}
 *   enter(address, id, args)   put a formula in a cell of the fake sheet and evaluate it
 *   setFormula(address, text)  type into a cell ("=SVC.X(...)", a constant, or "" to clear)
 *   select(address|null)       the user's selection (null: a shape is selected, no active cell)
 *   shown()                    what every cell displays, spills resolved
 *   cells()                    the sheet: [{address, id, args, result, state}]
 *   calculate(type)            what application.calculate does
 *   log                        host events (calculate, dialog open/close/message, browser windows)
 *
 * Plain ES2020, no imports: it is served as it is.
 */
(function () {
  "use strict";
  var g = window;
  if (g.__fakeExcel) return;

  var isDialog = false;
  try {
    // Dialogs are the popups displayDialogAsync opens (window.name does not survive cross-site hops).
    isDialog = !!(g.opener && g.opener !== g);
  } catch (e) {
    isDialog = false;
  }

  var log = [];
  function note(type, detail) {
    var entry = Object.assign({ type: type, at: Date.now() }, detail || {});
    log.push(entry);
    listeners.forEach(function (l) {
      try {
        l(entry);
      } catch (e) {
        /* a listener's bug is not the host's */
      }
    });
  }
  var listeners = [];

  // ---------------------------------------------------------------- CustomFunctions
  var ErrorCode = {
    invalidValue: "#VALUE!",
    notAvailable: "#N/A",
    divisionByZero: "#DIV/0!",
    invalidNumber: "#NUM!",
    nullReference: "#NULL!",
    invalidName: "#NAME?",
    invalidReference: "#REF!",
    busy: "#BUSY!",
    connect: "#CONNECT!",
    gettingData: "#GETTING_DATA",
  };
  function CFError(code, message) {
    this.code = code || ErrorCode.invalidValue;
    if (message !== undefined) this.message = String(message);
  }
  var registry = Object.create(null);
  var registeredAt = null;
  var CustomFunctions = {
    ErrorCode: ErrorCode,
    Error: CFError,
    associate: function (idOrMap, fn) {
      if (typeof idOrMap === "object" && idOrMap) {
        Object.keys(idOrMap).forEach(function (k) {
          CustomFunctions.associate(k, idOrMap[k]);
        });
        return;
      }
      var id = String(idOrMap).toUpperCase();
      if (typeof fn !== "function") throw new Error("associate(" + id + "): not a function");
      if (registry[id]) note("reassociate", { id: id });
      registry[id] = fn;
      // When Excel would consider the functions registered: the last associate of the page load.
      registeredAt = performance.now();
    },
  };

  // ---------------------------------------------------------------- metadata (functions.json)
  var metadataPromise = null;
  function metadata() {
    if (!metadataPromise) {
      var url = g.__FAKE_OFFICE_METADATA_URL__ || new URL("functions.json", document.baseURI).toString();
      metadataPromise = fetch(url).then(function (r) {
        if (!r.ok) throw new Error("functions.json: HTTP " + r.status);
        return r.json();
      });
    }
    return metadataPromise;
  }
  function metaOf(id) {
    return metadata().then(function (m) {
      var f = (m.functions || []).find(function (x) {
        return String(x.id).toUpperCase() === id;
      });
      if (!f) throw new Error("#NAME? " + id + " is not in functions.json");
      return f;
    });
  }

  function normalise(v) {
    if (v instanceof CFError || (v && typeof v === "object" && typeof v.code === "string" && v.code.charAt(0) === "#"))
      return { error: v.code, message: v.message === undefined ? null : v.message };
    if (Array.isArray(v))
      return v.map(function (row) {
        return Array.isArray(row)
          ? row.map(function (c) {
              var n = normalise(c);
              return n;
            })
          : normalise(row);
      });
    return v;
  }
  function asCell(v) {
    var n = normalise(v);
    return n && typeof n === "object" && !Array.isArray(n) && n.error ? n : { value: n };
  }

  var seq = 0;
  /**
   * Invoke a custom function like Excel: missing optional arguments are null, the invocation object
   * comes last. Returns {value} or {error, message}; `opts.signal` cancels it (onCanceled).
   */
  function invoke(id, args, opts) {
    opts = opts || {};
    id = String(id).toUpperCase().replace(/^SVC\./, "");
    var fn = registry[id];
    if (!fn) return Promise.resolve({ error: "#NAME?", message: id + " is not registered" });
    return metaOf(id).then(function (meta) {
      var params = meta.parameters || [];
      var given = (args || []).slice();
      if (given.length > params.length) return { error: "#VALUE!", message: "too many arguments for " + id };
      for (var i = 0; i < params.length; i++) {
        if (i >= given.length || given[i] === undefined) {
          if (!params[i].optional) return { error: "#VALUE!", message: "missing argument " + params[i].name };
          given[i] = null;
        }
      }
      var canceled = false;
      var invocation = {
        address: opts.address || "Sheet1!A" + ++seq,
        functionName: "SVC." + id,
        parameterAddresses: [],
        onCanceled: undefined,
        setResult: function (v) {
          note("setResult", { id: id, address: invocation.address });
          invocation.__streamed = v;
        },
      };
      if (opts.signal) {
        opts.signal.addEventListener("abort", function () {
          canceled = true;
          if (typeof invocation.onCanceled === "function") invocation.onCanceled();
        });
      }
      given.push(invocation);
      var started = Date.now();
      return Promise.resolve()
        .then(function () {
          return fn.apply(null, given);
        })
        .then(
          function (v) {
            return Object.assign(asCell(v), { ms: Date.now() - started, canceled: canceled });
          },
          function (e) {
            // An uncaught exception shows #VALUE! without our message, like Excel.
            var n = normalise(e);
            if (n && n.error) return Object.assign(n, { ms: Date.now() - started, canceled: canceled });
            return { error: "#VALUE!", message: null, thrown: String((e && e.message) || e), canceled: canceled };
          }
        );
    });
  }

  // ---------------------------------------------------------------- the fake workbook
  // Cells hold what a user typed: a constant, or a formula. Formulas of the form =SVC.NAME(literals)
  // are evaluated through the registry like Excel does (read here by the host's own small reader of
  // Excel literals, independent of the add-in's parser); any other formula shows #NAME?. A result
  // array spills from its anchor; a spill onto a non-empty cell shows #SPILL! instead.
  var sheetNames = ["Sheet1", "Sheet2"];
  var activeSheet = "Sheet1";
  var selection = { sheet: "Sheet1", r0: 1, c0: 1, r1: 1, c1: 1 }; // B2; null = a shape is selected
  var sheet = new Map(); // "Sheet1!B2" -> {address, formula, constant, id, args, result, state, ctrl, gen}
  var xmlParts = []; // {id, namespace, xml}
  var comments = new Map(); // address -> text

  function colName(c) {
    var s = "";
    c += 1;
    while (c > 0) {
      var m = (c - 1) % 26;
      s = String.fromCharCode(65 + m) + s;
      c = Math.floor((c - 1) / 26);
    }
    return s;
  }
  function colIndex(letters) {
    var n = 0;
    for (var i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) - 64);
    return n - 1;
  }
  function cellAddr(sh, r, c) {
    return sh + "!" + colName(c) + (r + 1);
  }
  /** "Sheet1!B2", "B2:C5", "'My sheet'!A1" -> {sheet, r0, c0, r1, c1} */
  function parseRef(ref, defaultSheet) {
    var text = String(ref).replace(/\$/g, "");
    var sh = defaultSheet || activeSheet;
    var bang = text.lastIndexOf("!");
    if (bang >= 0) {
      sh = text.slice(0, bang).replace(/^'(.*)'$/, "$1");
      text = text.slice(bang + 1);
    }
    var m = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/i.exec(text);
    if (!m) throw fakeApiError("InvalidArgument", "The argument is invalid or missing or has an incorrect format: " + ref);
    var r0 = Number(m[2]) - 1, c0 = colIndex(m[1].toUpperCase());
    var r1 = m[3] ? Number(m[4]) - 1 : r0, c1 = m[3] ? colIndex(m[3].toUpperCase()) : c0;
    return { sheet: sh, r0: Math.min(r0, r1), c0: Math.min(c0, c1), r1: Math.max(r0, r1), c1: Math.max(c0, c1) };
  }
  function refText(g) {
    var a = colName(g.c0) + (g.r0 + 1);
    var b = colName(g.c1) + (g.r1 + 1);
    return g.sheet + "!" + (a === b ? a : a + ":" + b);
  }
  function fakeApiError(code, message) {
    var e = new Error(message);
    e.name = "RichApi.Error";
    e.code = code;
    return e;
  }

  // Excel's literals inside =SVC.NAME(...): "text" ("" for a quote), numbers, TRUE/FALSE, empty
  // arguments and array constants {a,b;c,d}. Anything else (a cell reference, a nested call) is not
  // modelled: the cell shows #NAME? with a message saying so.
  function readSvcCall(text) {
    var m = /^=\s*SVC\.([A-Za-z][A-Za-z0-9_]*)\s*\(/.exec(text);
    if (!m) return null;
    var i = m[0].length, args = [];
    function space() { while (/\s/.test(text.charAt(i))) i++; }
    function literal() {
      space();
      var ch = text.charAt(i);
      if (ch === '"') {
        var out = "";
        i++;
        for (;;) {
          if (i >= text.length) throw new Error("unterminated text");
          if (text.charAt(i) === '"') {
            if (text.charAt(i + 1) === '"') { out += '"'; i += 2; continue; }
            i++;
            return out;
          }
          out += text.charAt(i++);
        }
      }
      var num = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i));
      if (num) { i += num[0].length; return Number(num[0]); }
      var b = /^(TRUE|FALSE)(?![A-Za-z0-9_.(])/i.exec(text.slice(i));
      if (b) { i += b[0].length; return b[0].toUpperCase() === "TRUE"; }
      throw new Error("only literal arguments are modelled by the fake host");
    }
    function arg() {
      space();
      var ch = text.charAt(i);
      if (ch === "," || ch === ")") return null;
      if (ch !== "{") return literal();
      i++;
      var rows = [[]];
      for (;;) {
        rows[rows.length - 1].push(literal());
        space();
        var sep = text.charAt(i++);
        if (sep === ",") continue;
        if (sep === ";") { rows.push([]); continue; }
        if (sep === "}") return rows;
        throw new Error("bad array constant");
      }
    }
    space();
    if (text.charAt(i) !== ")") {
      for (;;) {
        args.push(arg());
        space();
        var c = text.charAt(i++);
        if (c === ",") continue;
        if (c === ")") break;
        throw new Error('expected "," or ")"');
      }
    } else i++;
    space();
    if (i < text.length) throw new Error("text after the closing parenthesis");
    while (args.length && args[args.length - 1] === null) args.pop();
    return { id: m[1].toUpperCase(), args: args };
  }
  function literalText(v) {
    if (v === null || v === undefined) return "";
    if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
    if (typeof v === "number") return String(v);
    if (Array.isArray(v)) return "{" + v.map(function (row) { return row.map(literalText).join(","); }).join(";") + "}";
    return '"' + String(v).replace(/"/g, '""') + '"';
  }
  function formulaOf(id, args) {
    var a = (args || []).map(literalText);
    while (a.length && a[a.length - 1] === "") a.pop();
    return "=SVC." + id + "(" + a.join(",") + ")";
  }

  function evaluate(cell) {
    if (cell.ctrl) cell.ctrl.abort(); // Excel cancels a cancelable invocation it re-runs
    if (!cell.id) {
      cell.state = "done";
      return Promise.resolve(cell.result);
    }
    var ctrl = new AbortController();
    var gen = (cell.gen = (cell.gen || 0) + 1);
    cell.ctrl = ctrl;
    cell.state = "busy";
    note("cell", { address: cell.address, state: "busy" });
    return invoke(cell.id, cell.args, { address: cell.address, signal: ctrl.signal }).then(function (r) {
      if (cell.gen !== gen) return r; // superseded
      cell.ctrl = null;
      cell.result = r;
      cell.state = "done";
      note("cell", { address: cell.address, state: "done" });
      return r;
    });
  }
  function put(address, cell) {
    var old = sheet.get(address);
    if (old && old.ctrl) old.ctrl.abort();
    cell.address = address;
    if (sheetNames.indexOf(address.split("!")[0]) < 0) sheetNames.push(address.split("!")[0]);
    sheet.set(address, cell);
    note("edit", { address: address });
  }
  function enter(address, id, args) {
    var cell = { id: String(id).toUpperCase().replace(/^SVC\./, ""), args: args || [] };
    cell.formula = formulaOf(cell.id, cell.args);
    put(address, cell);
    return evaluate(cell);
  }
  /** Type into a cell as a user does: "" clears, "=..." is a formula, anything else a constant. */
  function setFormula(address, text) {
    address = refText(parseRef(address));
    text = text === null || text === undefined ? "" : String(text);
    if (text.trim() === "") {
      clearCell(address);
      return Promise.resolve(null);
    }
    if (text.charAt(0) !== "=") {
      var n = Number(text);
      put(address, { constant: text.trim() !== "" && isFinite(n) ? n : text, state: "done" });
      return Promise.resolve(null);
    }
    var call;
    try {
      call = readSvcCall(text);
    } catch (e) {
      call = { bad: String(e.message || e) };
    }
    if (!call || call.bad) {
      var msg = call ? call.bad : "not an SVC function";
      put(address, { formula: text, state: "done", result: { error: "#NAME?", message: msg } });
      return Promise.resolve(sheet.get(address).result);
    }
    var cell = { formula: text, id: call.id, args: call.args };
    put(address, cell);
    return evaluate(cell);
  }
  function setConstant(address, v) {
    address = refText(parseRef(address));
    if (v === null || v === undefined || v === "") return clearCell(address);
    put(address, { constant: v, state: "done" });
  }
  function clearCell(address) {
    var cell = sheet.get(address);
    if (cell && cell.ctrl) cell.ctrl.abort();
    if (sheet.delete(address)) note("edit", { address: address });
  }
  function cells() {
    return Array.from(sheet.values())
      .filter(function (c) { return c.id; })
      .map(function (c) {
        return { address: c.address, id: c.id, args: c.args, formula: c.formula, result: c.result, state: c.state };
      });
  }

  /**
   * What every cell shows: address -> {value, anchor, spill, busy, error, message}. Constants first;
   * formulas claim their spill ranges in reading order, as Excel resolves them.
   */
  function shown() {
    var out = new Map();
    var list = Array.from(sheet.values());
    list.forEach(function (c) {
      if (!("formula" in c)) out.set(c.address, { value: c.constant });
    });
    list
      .filter(function (c) { return "formula" in c; })
      .map(function (c) { return { c: c, g: parseRef(c.address) }; })
      .sort(function (x, y) { return x.g.sheet < y.g.sheet ? -1 : x.g.sheet > y.g.sheet ? 1 : x.g.r0 - y.g.r0 || x.g.c0 - y.g.c0; })
      .forEach(function (o) {
        var c = o.c, g = o.g;
        var r = c.result;
        if (!r || c.state === "busy") {
          out.set(c.address, { value: r && "value" in r ? anchorValue(r.value) : undefined, busy: true, anchor: true, stale: !!r });
          if (!r) out.get(c.address).error = "#BUSY!";
          return;
        }
        if (r.error) {
          out.set(c.address, { error: r.error, message: r.message, anchor: true });
          return;
        }
        var grid = Array.isArray(r.value) ? r.value : [[r.value]];
        var blocked = grid.some(function (row, i) {
          return row.some(function (_, j) {
            if (i === 0 && j === 0) return false;
            var a = cellAddr(g.sheet, g.r0 + i, g.c0 + j);
            return sheet.has(a) || out.has(a);
          });
        });
        if (blocked) {
          out.set(c.address, { error: "#SPILL!", message: "The spill range isn't blank", anchor: true });
          return;
        }
        grid.forEach(function (row, i) {
          row.forEach(function (v, j) {
            var cellv = v && typeof v === "object" && v.error ? { error: v.error, message: v.message } : { value: v };
            cellv.anchor = i === 0 && j === 0;
            cellv.spill = !cellv.anchor;
            cellv.spillRows = grid.length;
            cellv.spillCols = row.length;
            out.set(cellAddr(g.sheet, g.r0 + i, g.c0 + j), cellv);
          });
        });
      });
    return out;
  }
  function anchorValue(v) {
    return Array.isArray(v) ? (Array.isArray(v[0]) ? v[0][0] : v[0]) : v;
  }

  var lastCalculation = Promise.resolve([]);
  function calculate(type) {
    note("calculate", { calculationType: type });
    if (type === "Full" || type === "FullRebuild") {
      lastCalculation = Promise.all(Array.from(sheet.values()).filter(function (c) { return c.id; }).map(evaluate));
    }
    return lastCalculation;
  }
  function calculateRange(g) {
    note("calculateRange", { address: refText(g) });
    var hit = Array.from(sheet.values()).filter(function (c) {
      if (!c.id) return false;
      var p = parseRef(c.address);
      return p.sheet === g.sheet && p.r0 >= g.r0 && p.r0 <= g.r1 && p.c0 >= g.c0 && p.c0 <= g.c1;
    });
    lastCalculation = Promise.all(hit.map(evaluate));
    return lastCalculation;
  }
  function select(ref) {
    selection = ref ? parseRef(ref) : null;
    if (selection) activeSheet = selection.sheet;
    note("select", { address: selection ? refText(selection) : null });
  }

  // ---------------------------------------------------------------- Excel (the parts our pane uses)
  var CalculationType = { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" };

  function usedRange(sh) {
    var view = shown();
    var g = null;
    view.forEach(function (_, a) {
      var p = parseRef(a);
      if (p.sheet !== sh) return;
      if (!g) g = { sheet: sh, r0: p.r0, c0: p.c0, r1: p.r0, c1: p.c0 };
      g.r0 = Math.min(g.r0, p.r0); g.c0 = Math.min(g.c0, p.c0); g.r1 = Math.max(g.r1, p.r0); g.c1 = Math.max(g.c1, p.c0);
    });
    return g;
  }

  function makeRange(ctx, g) {
    if (!g) return { isNullObject: true, load: function () { return this; } };
    var range = {
      isNullObject: false,
      load: function () { return range; },
      select: function () { ctx.later(function () { select(refText(g)); }); },
      calculate: function () { ctx.later(function () { return calculateRange(g); }); },
      getCell: function (r, c) { return makeRange(ctx, { sheet: g.sheet, r0: g.r0 + r, c0: g.c0 + c, r1: g.r0 + r, c1: g.c0 + c }); },
      getSpillingToRangeOrNullObject: function () {
        var v = shown().get(cellAddr(g.sheet, g.r0, g.c0));
        if (!v || !v.anchor || !v.spillRows) return makeRange(ctx, null);
        return makeRange(ctx, { sheet: g.sheet, r0: g.r0, c0: g.c0, r1: g.r0 + v.spillRows - 1, c1: g.c0 + v.spillCols - 1 });
      },
      worksheet: { name: g.sheet, load: function () { return this; } },
    };
    function grid(fn) {
      var out = [];
      for (var r = g.r0; r <= g.r1; r++) {
        var row = [];
        for (var c = g.c0; c <= g.c1; c++) row.push(fn(cellAddr(g.sheet, r, c)));
        out.push(row);
      }
      return out;
    }
    function eachWrite(v, fn) {
      if (!Array.isArray(v)) v = [[v]];
      for (var r = 0; r <= g.r1 - g.r0; r++)
        for (var c = 0; c <= g.c1 - g.c0; c++) fn(cellAddr(g.sheet, g.r0 + r, g.c0 + c), (v[r] || [])[c]);
    }
    Object.defineProperties(range, {
      address: { get: function () { return refText(g); }, enumerable: true },
      rowIndex: { get: function () { return g.r0; } },
      columnIndex: { get: function () { return g.c0; } },
      rowCount: { get: function () { return g.r1 - g.r0 + 1; } },
      columnCount: { get: function () { return g.c1 - g.c0 + 1; } },
      formulas: {
        get: function () {
          return grid(function (a) {
            var c = sheet.get(a);
            if (!c) { var v = shown().get(a); return v && v.spill && !v.error ? v.value : ""; }
            return "formula" in c ? c.formula : c.constant;
          });
        },
        set: function (v) { eachWrite(v, function (a, x) { ctx.later(function () { return setFormula(a, x); }); }); },
      },
      values: {
        get: function () {
          var view = shown();
          return grid(function (a) {
            var v = view.get(a);
            if (!v) return "";
            if (v.error) return v.error;
            return v.value === null || v.value === undefined ? "" : v.value;
          });
        },
        set: function (v) { eachWrite(v, function (a, x) { ctx.later(function () { setConstant(a, x); }); }); },
      },
    });
    return range;
  }

  function makeWorksheet(ctx, name) {
    var ws = {
      name: name,
      visibility: "Visible",
      load: function () { return ws; },
      activate: function () { ctx.later(function () { activeSheet = name; }); },
      getRange: function (ref) { return makeRange(ctx, parseRef(ref, name)); },
      getUsedRange: function () {
        var g = usedRange(name);
        if (!g) return makeRange(ctx, { sheet: name, r0: 0, c0: 0, r1: 0, c1: 0 });
        return makeRange(ctx, g);
      },
      getUsedRangeOrNullObject: function () { return makeRange(ctx, usedRange(name)); },
    };
    return ws;
  }

  function RequestContext() {
    var pending = [];
    var self = this;
    this.later = function (fn) { pending.push(fn); };
    this.application = {
      calculate: function (type) { pending.push(function () { return calculate(type); }); },
    };
    var worksheets = {
      load: function () { return worksheets; },
      getActiveWorksheet: function () { return makeWorksheet(self, activeSheet); },
      getItem: function (name) {
        if (sheetNames.indexOf(name) < 0) throw fakeApiError("ItemNotFound", "The requested resource doesn't exist.");
        return makeWorksheet(self, name);
      },
    };
    Object.defineProperty(worksheets, "items", { get: function () { return sheetNames.map(function (n) { return makeWorksheet(self, n); }); } });
    function xmlPart(p) {
      if (!p) return { isNullObject: true, load: function () { return this; } };
      return {
        isNullObject: false,
        id: p.id,
        namespaceUri: p.namespace,
        load: function () { return this; },
        getXml: function () { return { get value() { return p.xml; } }; },
        setXml: function (xml) { pending.push(function () { p.xml = String(xml); note("xmlPart", { op: "set", id: p.id }); }); },
        delete: function () { pending.push(function () { xmlParts = xmlParts.filter(function (x) { return x !== p; }); note("xmlPart", { op: "delete", id: p.id }); }); },
      };
    }
    function nsOf(xml) {
      var m = /xmlns="([^"]*)"/.exec(xml);
      return m ? m[1] : "";
    }
    this.workbook = {
      application: this.application,
      worksheets: worksheets,
      getActiveCell: function () {
        if (!selection) throw fakeApiError("InvalidSelection", "The current selection is invalid for this operation.");
        return makeRange(self, { sheet: selection.sheet, r0: selection.r0, c0: selection.c0, r1: selection.r0, c1: selection.c0 });
      },
      getSelectedRange: function () {
        if (!selection) throw fakeApiError("InvalidSelection", "The current selection is invalid for this operation.");
        return makeRange(self, selection);
      },
      customXmlParts: {
        add: function (xml) {
          var p = { id: "{fake-" + (xmlParts.length + 1) + "-" + Date.now() + "}", namespace: nsOf(xml), xml: String(xml) };
          xmlParts.push(p);
          note("xmlPart", { op: "add", id: p.id });
          return xmlPart(p);
        },
        getByNamespace: function (ns) {
          return {
            getOnlyItemOrNullObject: function () {
              var hits = xmlParts.filter(function (p) { return p.namespace === ns; });
              if (hits.length > 1) throw fakeApiError("InvalidOperation", "More than one part has this namespace.");
              return xmlPart(hits[0]);
            },
          };
        },
      },
      comments: {
        add: function (cellAddress, content) {
          pending.push(function () { comments.set(refText(parseRef(cellAddress)), String(content)); note("comment", { address: cellAddress }); });
        },
        getItemByCell: function (cellAddress) {
          var a = refText(parseRef(cellAddress));
          return { delete: function () { pending.push(function () { comments.delete(a); }); } };
        },
      },
      settings: { add: function () {}, getItemOrNullObject: function () { return { isNullObject: true, load: function () {} }; } },
    };
    this.sync = function () {
      var work = pending.splice(0);
      // In order, like Excel applies a batch; calculations are started, not awaited (Excel's sync
      // returns before custom functions finish).
      var out = Promise.resolve();
      work.forEach(function (w) {
        out = out.then(function () {
          var r = w();
          return r && typeof r.then === "function" && w.awaits ? r : undefined;
        });
      });
      return out.then(function () {});
    };
  }
  var Excel = {
    CalculationType: CalculationType,
    RequestContext: RequestContext,
    run: function (batch) {
      var ctx = new RequestContext();
      return Promise.resolve(batch(ctx)).then(function (v) {
        return ctx.sync().then(function () {
          return v;
        });
      });
    },
  };

  // ---------------------------------------------------------------- OfficeRuntime.storage
  var STORE_PREFIX = "__fakeOfficeRuntime.storage:";
  function ls() {
    try {
      return g.localStorage;
    } catch (e) {
      return null;
    }
  }
  var memory = new Map();
  var storage = {
    getItem: function (k) {
      var s = ls();
      return Promise.resolve(s ? s.getItem(STORE_PREFIX + k) : memory.has(k) ? memory.get(k) : null);
    },
    setItem: function (k, v) {
      if (typeof v !== "string") return Promise.reject(new Error("OfficeRuntime.storage stores strings only"));
      var s = ls();
      if (s) s.setItem(STORE_PREFIX + k, v);
      else memory.set(k, v);
      return Promise.resolve();
    },
    removeItem: function (k) {
      var s = ls();
      if (s) s.removeItem(STORE_PREFIX + k);
      else memory.delete(k);
      return Promise.resolve();
    },
    getItems: function (keys) {
      return Promise.all(keys.map(storage.getItem)).then(function (vals) {
        var o = {};
        keys.forEach(function (k, i) {
          o[k] = vals[i];
        });
        return o;
      });
    },
    setItems: function (obj) {
      return Promise.all(
        Object.keys(obj).map(function (k) {
          return storage.setItem(k, obj[k]);
        })
      ).then(function () {});
    },
    removeItems: function (keys) {
      return Promise.all(keys.map(storage.removeItem)).then(function () {});
    },
    getKeys: function () {
      var s = ls();
      var out = [];
      if (s) {
        for (var i = 0; i < s.length; i++) {
          var k = s.key(i);
          if (k && k.indexOf(STORE_PREFIX) === 0) out.push(k.slice(STORE_PREFIX.length));
        }
      } else out = Array.from(memory.keys());
      return Promise.resolve(out);
    },
  };

  // ---------------------------------------------------------------- Office: dialogs
  var EventType = { DialogMessageReceived: "dialogMessageReceived", DialogEventReceived: "dialogEventReceived", DialogParentMessageReceived: "dialogParentMessageReceived" };
  var AsyncResultStatus = { Succeeded: "succeeded", Failed: "failed" };
  var openDialog = null;
  var MESSAGE_TAG = "__fakeOfficeDialogMessage";

  function asyncResult(status, value, error) {
    return { status: status, value: value, error: error, asyncContext: undefined };
  }
  function officeError(code, message) {
    return { code: code, name: "Error", message: message };
  }

  function displayDialogAsync(url, options, callback) {
    if (typeof options === "function") {
      callback = options;
      options = {};
    }
    options = options || {};
    callback = callback || function () {};
    var target;
    try {
      target = new URL(url, document.baseURI);
    } catch (e) {
      return setTimeout(function () { callback(asyncResult(AsyncResultStatus.Failed, undefined, officeError(12003, "Invalid URL"))); });
    }
    var secure = target.protocol === "https:" || (target.protocol === "http:" && /^(127\.0\.0\.1|localhost)$/.test(target.hostname));
    if (!secure) return setTimeout(function () { callback(asyncResult(AsyncResultStatus.Failed, undefined, officeError(12005, "The URL must use HTTPS"))); });
    if (target.origin !== g.location.origin)
      return setTimeout(function () { callback(asyncResult(AsyncResultStatus.Failed, undefined, officeError(12004, "The domain of the URL is not the add-in's"))); });
    if (openDialog && !openDialog.closed)
      return setTimeout(function () { callback(asyncResult(AsyncResultStatus.Failed, undefined, officeError(12007, "A dialog is already opened from this host window"))); });
    if (g.__fakeOfficeDialogPolicy === "ignore")
      return setTimeout(function () { callback(asyncResult(AsyncResultStatus.Failed, undefined, officeError(12009, "The user chose to ignore the dialog box"))); });

    var w = Math.round((screen.availWidth || 1000) * ((options.width || 50) / 100));
    var h = Math.round((screen.availHeight || 800) * ((options.height || 50) / 100));
    var popup = g.open(target.toString(), "fake-office-dialog-" + Date.now(), "popup,width=" + w + ",height=" + h);
    if (!popup) return setTimeout(function () { callback(asyncResult(AsyncResultStatus.Failed, undefined, officeError(12011, "Pop-ups are blocked"))); });
    note("dialogOpen", { url: target.toString() });

    var handlers = { dialogMessageReceived: [], dialogEventReceived: [] };
    var closedByAddin = false;
    function emit(type, arg) {
      (handlers[type] || []).forEach(function (h) {
        try {
          h(arg);
        } catch (e) {
          setTimeout(function () { throw e; });
        }
      });
    }
    function onMessage(ev) {
      if (ev.source !== popup || !ev.data || ev.data[MESSAGE_TAG] !== true) return;
      note("dialogMessage", { origin: ev.origin });
      emit(EventType.DialogMessageReceived, { type: EventType.DialogMessageReceived, message: String(ev.data.message), origin: ev.origin });
    }
    g.addEventListener("message", onMessage);
    var poll = setInterval(function () {
      if (!popup.closed) return;
      clearInterval(poll);
      g.removeEventListener("message", onMessage);
      openDialog = null;
      if (!closedByAddin) {
        note("dialogClosedByUser", {});
        emit(EventType.DialogEventReceived, { type: EventType.DialogEventReceived, error: 12006 });
      }
    }, 100);
    var dialog = {
      closed: false,
      addEventHandler: function (type, handler) {
        (handlers[type] = handlers[type] || []).push(handler);
      },
      close: function () {
        closedByAddin = true;
        dialog.closed = true;
        note("dialogClose", {});
        try {
          popup.close();
        } catch (e) {
          /* already gone */
        }
      },
      messageChild: function (message) {
        popup.postMessage({ __fakeOfficeParentMessage: true, message: String(message) }, "*");
      },
      sendMessage: function () {},
    };
    openDialog = dialog;
    Object.defineProperty(dialog, "window", { value: popup, enumerable: false });
    setTimeout(function () { callback(asyncResult(AsyncResultStatus.Succeeded, dialog)); });
  }

  function messageParent(message, options) {
    if (!g.opener) throw new Error("messageParent: not in a dialog");
    var targetOrigin = (options && options.targetOrigin) || "*";
    g.opener.postMessage({ __fakeOfficeDialogMessage: true, message: String(message) }, targetOrigin);
  }

  // ---------------------------------------------------------------- Office
  var info = { host: "Excel", platform: "PC" };
  var readyResolve;
  var ready = new Promise(function (r) {
    readyResolve = r;
  });
  var settingsMap = {};
  var Office = {
    HostType: { Excel: "Excel" },
    PlatformType: { PC: "PC", OfficeOnline: "OfficeOnline", Mac: "Mac" },
    EventType: EventType,
    AsyncResultStatus: AsyncResultStatus,
    onReady: function (cb) {
      return ready.then(function (i) {
        if (cb) cb(i);
        return i;
      });
    },
    initialize: undefined,
    actions: { associate: function (name, fn) { note("actionAssociate", { name: name }); registry["ACTION:" + name] = fn; } },
    addin: {
      showAsTaskpane: function () { note("showAsTaskpane", {}); return Promise.resolve(); },
      hide: function () { note("hide", {}); return Promise.resolve(); },
      onVisibilityModeChanged: function () { return Promise.resolve(function () { return Promise.resolve(); }); },
      setStartupBehavior: function () { return Promise.resolve(); },
      getStartupBehavior: function () { return Promise.resolve("None"); },
    },
    context: {
      host: "Excel",
      platform: "PC",
      diagnostics: { host: "Excel", platform: "PC", version: "16.0.fake" },
      displayLanguage: "en-US",
      partitionKey: undefined,
      requirements: {
        isSetSupported: function (name, version) {
          // Excel data types (CustomFunctionsRuntime 1.5) with ?datatypes=1 on this page or the workbench embedding it
          var cfr = /[?&]datatypes=1(&|$)/.test(String(location.search) + (function () { try { return window.parent !== window ? String(window.parent.location.search) : ""; } catch (e) { return ""; } })()) ? 1.5 : 1.4;
          var supported = { ExcelApi: 1.17, SharedRuntime: 1.1, CustomFunctionsRuntime: cfr, DialogApi: 1.2, DialogOrigin: 1.1, OpenBrowserWindowApi: 1.1, IdentityAPI: 1.3 };
          var have = supported[name];
          return have !== undefined && (version === undefined || Number(version) <= have);
        },
      },
      document: {
        settings: {
          get: function (k) { return k in settingsMap ? settingsMap[k] : null; },
          set: function (k, v) { settingsMap[k] = v; },
          remove: function (k) { delete settingsMap[k]; },
          saveAsync: function (cb) { if (cb) setTimeout(function () { cb(asyncResult(AsyncResultStatus.Succeeded)); }); },
        },
      },
      ui: {
        displayDialogAsync: displayDialogAsync,
        messageParent: messageParent,
        addHandlerAsync: function (type, handler, cb) { if (cb) setTimeout(function () { cb(asyncResult(AsyncResultStatus.Succeeded)); }); },
        openBrowserWindow: function (url) { note("openBrowserWindow", { url: String(url) }); },
        closeContainer: function () { note("closeContainer", {}); },
      },
    },
  };

  g.Office = Office;
  g.OfficeRuntime = { storage: storage };
  if (!isDialog) {
    g.CustomFunctions = CustomFunctions;
    g.Excel = Excel;
  } else {
    // A dialog is a separate runtime: no custom functions, no Excel, no OfficeRuntime.storage.
    delete g.OfficeRuntime;
  }

  g.__fakeExcel = {
    isDialog: isDialog,
    log: log,
    onEvent: function (l) { listeners.push(l); },
    registeredAt: function () { return registeredAt; },
    ids: function () { return Object.keys(registry).filter(function (k) { return k.indexOf("ACTION:") !== 0; }).sort(); },
    metadata: metadata,
    invoke: invoke,
    enter: enter,
    setFormula: setFormula,
    setConstant: setConstant,
    clearCell: clearCell,
    cells: cells,
    /** What each cell shows, as [address, {value|error, message, anchor, spill, busy}] pairs. */
    shown: function () { return Array.from(shown().entries()); },
    formulaAt: function (a) { var c = sheet.get(refText(parseRef(a))); return c ? ("formula" in c ? c.formula : c.constant) : ""; },
    select: select,
    selection: function () { return selection ? refText(selection) : null; },
    sheetNames: function () { return sheetNames.slice(); },
    xmlParts: function () { return xmlParts.map(function (p) { return { id: p.id, namespace: p.namespace, xml: p.xml }; }); },
    comments: function () { return Array.from(comments.entries()); },
    calculate: calculate,
    lastCalculation: function () { return lastCalculation; },
    dialog: function () { return openDialog; },
  };

  // Office initialises after the page's scripts had a chance to call onReady.
  function fireReady() {
    setTimeout(function () {
      if (typeof Office.initialize === "function") Office.initialize("inserted");
      readyResolve(info);
    }, 0);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fireReady);
  else fireReady();
})();
