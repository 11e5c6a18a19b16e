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
 *   Excel.run(ctx => ctx.application.calculate(type))   re-invokes the sheet's cells on "Full"
 * and a driver for tests and the workbench, window.__fakeExcel:
 *   ids()                      associated ids
 *   invoke(id, args, opts)     one invocation like Excel makes it (optional args -> null,
 *                              invocation object last) -> {value} | {error, message}
 *   enter(address, id, args)   put a formula in a cell of the fake sheet and evaluate it
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

  // ---------------------------------------------------------------- the fake sheet
  var sheet = new Map(); // address -> {address, id, args, result, state, ctrl, gen}
  function evaluate(cell) {
    if (cell.ctrl) cell.ctrl.abort(); // Excel cancels a cancelable invocation it re-runs
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
  function enter(address, id, args) {
    var cell = sheet.get(address) || { address: address };
    cell.id = String(id).toUpperCase().replace(/^SVC\./, "");
    cell.args = args || [];
    sheet.set(address, cell);
    return evaluate(cell);
  }
  function clearCell(address) {
    var cell = sheet.get(address);
    if (cell && cell.ctrl) cell.ctrl.abort();
    sheet.delete(address);
  }
  function cells() {
    return Array.from(sheet.values()).map(function (c) {
      return { address: c.address, id: c.id, args: c.args, result: c.result, state: c.state };
    });
  }
  var lastCalculation = Promise.resolve([]);
  function calculate(type) {
    note("calculate", { calculationType: type });
    if (type === "Full" || type === "FullRebuild") {
      lastCalculation = Promise.all(Array.from(sheet.values()).map(evaluate));
    }
    return lastCalculation;
  }

  // ---------------------------------------------------------------- Excel
  var CalculationType = { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" };
  function RequestContext() {
    var pending = [];
    this.application = {
      calculate: function (type) {
        pending.push(function () {
          return calculate(type);
        });
      },
    };
    this.workbook = {
      application: this.application,
      settings: { add: function () {}, getItemOrNullObject: function () { return { isNullObject: true, load: function () {} }; } },
    };
    this.sync = function () {
      var work = pending.splice(0);
      return Promise.all(
        work.map(function (w) {
          return w();
        })
      ).then(function () {});
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
    ids: function () { return Object.keys(registry).filter(function (k) { return k.indexOf("ACTION:") !== 0; }).sort(); },
    metadata: metadata,
    invoke: invoke,
    enter: enter,
    clearCell: clearCell,
    cells: cells,
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
