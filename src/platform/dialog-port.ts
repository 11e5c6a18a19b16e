/**
 * The dialog port: how sign-in (src/auth) opens a dialog without knowing Office; the Office wrapper
 * (src/office/dialog.ts) implements it and the composition root hands it over.
 */

export interface DialogOpenOptions {
  /** Percent of the screen (Office's units). */
  height?: number;
  width?: number;
  /** Office on the web: show the Allow/Ignore prompt that gets past pop-up blockers (default true). */
  promptBeforeOpen?: boolean;
}

export interface DialogEvents {
  /** A string the dialog sent with messageParent; `origin` where DialogOrigin 1.1 provides it. */
  onMessage(message: string, origin: string | undefined): void;
  /** DialogEventReceived: 12002 (page not found), 12003 (http redirect), 12006 (closed by the user), ... */
  onEvent(code: number): void;
}

export interface DialogHandle {
  close(): void;
}

export interface DialogHost {
  open(url: string, options: DialogOpenOptions, events: DialogEvents): Promise<DialogHandle>;
}
