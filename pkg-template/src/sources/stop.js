// How an HTTP-backed call (httpTool, fromOpenAPI's tools, fromA2A) is stopped: by the caller's
// signal or by its time limit, through one AbortController whose signal its requests are given.

/** Why a call was stopped, and its controller. It is itself the listener on the caller's signal
 *  (`handleEvent`), and the timer hands it to {@link timeUp}: no closure per call. */
export class Stop {
  constructor() {
    this.controller = new AbortController();
    /** @type {"cancelled" | "timeout" | undefined} */
    this.why = undefined;
  }
  handleEvent() {
    this.why ??= "cancelled";
    this.controller.abort();
  }
}

/** The timer's callback: the call ran out of time. @param {Stop} stop */
export function timeUp(stop) {
  stop.why ??= "timeout";
  stop.controller.abort();
}
