/**
 * Office dialogs: displayDialogAsync opens a real popup (Office's checks: HTTPS or loopback, the
 * add-in's own origin, one dialog at a time, the user may ignore it, pop-ups may be blocked);
 * messageParent from the popup reaches the page; closing it by hand raises 12006.
 */
import { PageContext, dialogOpening } from "./dialog-context";
import type { Platform } from "./platform";

type Note = (type: string, detail?: Record<string, unknown>) => void;
type Handler = (arg: unknown) => void;

export const EventType = {
  DialogMessageReceived: "dialogMessageReceived",
  DialogEventReceived: "dialogEventReceived",
  DialogParentMessageReceived: "dialogParentMessageReceived",
} as const;
export const AsyncResultStatus = { Succeeded: "succeeded", Failed: "failed" } as const;

const MESSAGE_TAG = "__fakeOfficeDialogMessage";

export function asyncResult(status: string, value?: unknown, error?: unknown) {
  return { status, value, error, asyncContext: undefined };
}
const officeError = (code: number, message: string) => ({ code, name: "Error", message });

export interface FakeDialog {
  closed: boolean;
  addEventHandler(type: string, handler: Handler): void;
  close(): void;
  messageChild(message: string): void;
  sendMessage(): void;
}

type Failure = { code: number; message: string };
type Win = Window & typeof globalThis;

/** Office's checks on a dialog's address, in its order: the URL, or the failure's code and message. */
function dialogTarget(win: Win, url: string, busy: boolean): URL | Failure {
  let target: URL;
  try {
    target = new URL(url, win.document.baseURI);
  } catch {
    return { code: 12003, message: "Invalid URL" };
  }
  const secure = target.protocol === "https:" || (target.protocol === "http:" && /^(127\.0\.0\.1|localhost)$/.test(target.hostname));
  if (!secure) return { code: 12005, message: "The URL must use HTTPS" };
  if (target.origin !== win.location.origin) return { code: 12004, message: "The domain of the URL is not the add-in's" };
  if (busy) return { code: 12007, message: "A dialog is already opened from this host window" };
  if ((win as unknown as { __fakeOfficeDialogPolicy?: string }).__fakeOfficeDialogPolicy === "ignore") return { code: 12009, message: "The user chose to ignore the dialog box" };
  return target;
}

/** Call every handler of `type`; a handler that throws does not stop the others (rethrown later, as Office does). */
function emitTo(handlers: Record<string, Handler[]>, type: string, arg: unknown): void {
  for (const fn of handlers[type] || []) {
    try {
      fn(arg);
    } catch (e) {
      setTimeout(() => {
        throw e;
      });
    }
  }
}

/** The dialog around an open popup: its messages reach the handlers; the user closing it raises 12006; `gone` when it closed. */
function dialogOf(win: Win, popup: Window, note: Note, gone: () => void): FakeDialog {
  const handlers: Record<string, Handler[]> = { dialogMessageReceived: [], dialogEventReceived: [] };
  let closedByAddin = false;
  const onMessage = (ev: MessageEvent) => {
    if (ev.source !== popup || !ev.data || ev.data[MESSAGE_TAG] !== true) return;
    note("dialogMessage", { origin: ev.origin });
    emitTo(handlers, EventType.DialogMessageReceived, { type: EventType.DialogMessageReceived, message: String(ev.data.message), origin: ev.origin });
  };
  win.addEventListener("message", onMessage);
  const poll = setInterval(() => {
    if (!popup.closed) return;
    clearInterval(poll);
    win.removeEventListener("message", onMessage);
    gone();
    if (!closedByAddin) {
      note("dialogClosedByUser", {});
      emitTo(handlers, EventType.DialogEventReceived, { type: EventType.DialogEventReceived, error: 12006 });
    }
  }, 100);
  const dialog: FakeDialog = {
    closed: false,
    addEventHandler: (type, handler) => void (handlers[type] = handlers[type] || []).push(handler),
    close: () => {
      closedByAddin = true;
      dialog.closed = true;
      note("dialogClose", {});
      try {
        popup.close();
      } catch {
        /* already gone */
      }
    },
    messageChild: (message) => popup.postMessage({ __fakeOfficeParentMessage: true, message: String(message) }, "*"),
    sendMessage: () => undefined,
  };
  Object.defineProperty(dialog, "window", { value: popup, enumerable: false });
  return dialog;
}

/** The dialogs of a page of `context` on `platform`: a dialog page (only) can messageParent. */
export function createDialogs(win: Win, note: Note, platform: Platform, context: PageContext) {
  let open: FakeDialog | null = null;

  function fail(callback: (r: unknown) => void, f: Failure): void {
    setTimeout(() => callback(asyncResult(AsyncResultStatus.Failed, undefined, officeError(f.code, f.message))));
  }

  function displayDialogAsync(url: string, options?: unknown, cb?: (r: unknown) => void): void {
    let opts = (options ?? {}) as { width?: number; height?: number };
    let callback = cb ?? (() => undefined);
    if (typeof options === "function") {
      callback = options as (r: unknown) => void;
      opts = {};
    }
    const target = dialogTarget(win, url, !!open && !open.closed);
    if (!(target instanceof URL)) return fail(callback, target);
    const w = Math.round((win.screen.availWidth || 1000) * ((opts.width || 50) / 100));
    const h = Math.round((win.screen.availHeight || 800) * ((opts.height || 50) / 100));
    const opening = dialogOpening(target, platform);
    const popup = win.open(opening.url, opening.name, `popup,width=${w},height=${h}`);
    if (!popup) return fail(callback, { code: 12011, message: "Pop-ups are blocked" });
    note("dialogOpen", { url: opening.url });
    const dialog = dialogOf(win, popup, note, () => (open = null));
    open = dialog;
    setTimeout(() => callback(asyncResult(AsyncResultStatus.Succeeded, dialog)));
  }

  function messageParent(message: string, options?: { targetOrigin?: string }): void {
    // office.js gives messageParent to a page it knows is a dialog (dialog-context.ts), to no other
    if (context !== "dialog" || !win.opener) throw new Error("messageParent: office.js found no dialog context on this page (no _host_Info, window.name or stored host info)");
    win.opener.postMessage({ [MESSAGE_TAG]: true, message: String(message) }, options?.targetOrigin || "*");
  }

  return { displayDialogAsync, messageParent, current: () => open };
}
