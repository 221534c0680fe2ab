import { lazy } from "react";
import type { AskPin } from "./pin-dialog-form.tsx";
import { modal } from "../../lib/modal.ts";

// Issue 43: before money leaves the wallet or a payout detail changes, the owner types their payment PIN. The
// server checks it (and counts a wrong one); this dialog only asks, shows the server's answer in the reader's
// language, and leads to the security page when there is no PIN yet, or it is blocked, or forgotten.

const PinDialog = lazy(() => import("./pin-dialog-form.tsx"));

/** Opens the PIN dialog for an action. */
export function askPin(props: AskPin): void {
  modal.open(PinDialog, props);
}
