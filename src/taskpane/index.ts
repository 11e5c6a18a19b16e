/**
 * The add-in page's entry (the one shared runtime): start the host (one engine, installed with
 * setEngine) before any custom function can be invoked. The pane UI hangs off this module.
 */
import { startHost } from "../host/runtime";

void startHost();
