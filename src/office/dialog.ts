/**
 * Thin wrapper over the Office dialog API, so src/auth never touches
 * Office globals and tests can hand in a fake.
 *
 * Pane side: `officeDialogHost().open(url, options, events)` -> a handle to close the dialog;
 * rejects with DialogOpenError(code) when displayDialogAsync fails (12004/12005 wrong domain or
 * http, 12007 another dialog open, 12009 the user ignored the prompt, 12011 pop-ups blocked).
 * Dialog side: `messageParent(text)` once Office is ready.
 */

import type { DialogHandle, DialogHost } from "../platform";

export class DialogOpenError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
    this.name = "DialogOpenError";
  }
}

/** The subset of the Office global this module uses (so a fake Office can stand in). */
export interface OfficeLike {
  context: {
    ui: {
      displayDialogAsync(
        url: string,
        options: { height?: number; width?: number; promptBeforeOpen?: boolean; displayInIframe?: boolean },
        callback: (result: { status: string; error?: { code: number; message: string }; value: unknown }) => void
      ): void;
      messageParent?(message: string, options?: { targetOrigin: string }): void;
    };
    partitionKey?: string;
  };
  EventType: { DialogMessageReceived: string; DialogEventReceived: string };
  AsyncResultStatus?: { Failed: string; Succeeded: string };
}

interface OfficeDialog {
  addEventHandler(type: string, handler: (arg: { message?: string; origin?: string; error?: number }) => void): void;
  close(): void;
}

function officeGlobal(): OfficeLike {
  const o = (globalThis as unknown as { Office?: OfficeLike }).Office;
  if (!o) throw new DialogOpenError(0, "Office is not available");
  return o;
}

export function officeDialogHost(office: OfficeLike = officeGlobal()): DialogHost {
  return {
    open(url, options, events) {
      return new Promise<DialogHandle>((resolve, reject) => {
        office.context.ui.displayDialogAsync(
          url,
          {
            height: options.height ?? 60,
            width: options.width ?? 30,
            promptBeforeOpen: options.promptBeforeOpen ?? true,
            // Never an iframe for sign-in: identity providers refuse to be framed.
            displayInIframe: false,
          },
          (result) => {
            const failed = office.AsyncResultStatus ? result.status === office.AsyncResultStatus.Failed : result.status === "failed";
            if (failed || !result.value) {
              const code = result.error?.code ?? 0;
              reject(new DialogOpenError(code, result.error?.message ?? `The dialog could not be opened (${code})`));
              return;
            }
            const dialog = result.value as OfficeDialog;
            dialog.addEventHandler(office.EventType.DialogMessageReceived, (arg) => {
              events.onMessage(typeof arg.message === "string" ? arg.message : "", arg.origin);
            });
            dialog.addEventHandler(office.EventType.DialogEventReceived, (arg) => {
              events.onEvent(typeof arg.error === "number" ? arg.error : 0);
            });
            let closed = false;
            resolve({
              close() {
                if (closed) return;
                closed = true;
                try {
                  dialog.close();
                } catch {
                  /* already gone */
                }
              },
            });
          }
        );
      });
    },
  };
}

/** Dialog side: send one string to the task pane. Call after Office.onReady. */
export function messageParent(message: string, office: OfficeLike = officeGlobal()): void {
  const send = office.context.ui.messageParent;
  if (!send) throw new Error("messageParent is not available here");
  send.call(office.context.ui, message);
}

/** Prefix for origin-storage keys: Office.context.partitionKey where storage is partitioned, else "". */
export function storagePartitionKey(office: OfficeLike | undefined = (globalThis as unknown as { Office?: OfficeLike }).Office): string {
  return office?.context?.partitionKey ?? "";
}
