// The result table: what a tool's function returned or threw, turned into its result. The core
// holds the table; this module tells it the free facts about a value (its kind), answers each
// question it asks by running that one check itself, in a `try`, and builds the row it names.
// So no JavaScript runs inside a WebAssembly call, and `execute` never rejects.

import { recover } from "./core.js";
import {
  ANSWER_NO, ANSWER_THREW, ANSWER_YES, KIND_FUNCTION, KIND_OBJECT, KIND_OTHER, KIND_STRING, OVERFLOWED,
  STEP_ASK_JSON, STEP_ASK_MESSAGE, STEP_ASK_RESULT_KEYS, STEP_ASK_STRING, STEP_AWAIT, STEP_EMPTY, STEP_ERROR_MESSAGE,
  STEP_ERROR_STRING, STEP_ERROR_UNPRINTABLE, STEP_FAILED, STEP_JSON, STEP_PASSTHROUGH, STEP_TEXT, UNPRINTABLE,
} from "./protocol.js";
import { broken, brokenBy, wasm } from "./tool-buffer.js";

const stringify = JSON.stringify;
const toString = String;

const kindOf = (value) => {
  const type = typeof value;
  if (type === "string") return KIND_STRING;
  if (type === "function") return KIND_FUNCTION;
  return type === "object" && value !== null ? KIND_OBJECT : KIND_OTHER;
};

// What the last check kept (a JSON text, a message, or what a check threw). It is taken by
// the very next row, before any user code runs, and let go of then.
let kept;
const take = () => {
  const value = kept;
  kept = undefined;
  return value;
};

// The steps of the result table, from the core (a throw out of it goes through `recover`).
const firstStep = (kind, awaited) => {
  try {
    return wasm.firstStep(kind, awaited);
  } catch (error) {
    throw recover(error);
  }
};
const firstStepOfThrown = (kind) => {
  try {
    return wasm.firstStepOfThrown(kind);
  } catch (error) {
    throw recover(error);
  }
};
const nextStep = (step, answer) => {
  try {
    return wasm.nextStep(step, answer);
  } catch (error) {
    throw recover(error);
  }
};

// The two questions about a value: each answer, or THREW with what the check threw kept.
const askResultKeys = (value) => {
  try {
    return "output" in value && "isError" in value ? ANSWER_YES : ANSWER_NO;
  } catch (error) {
    kept = error;
    return ANSWER_THREW;
  }
};
const askJson = (value) => {
  try {
    kept = stringify(value);
    return typeof kept === "string" ? ANSWER_YES : ANSWER_NO;
  } catch (error) {
    kept = error;
    return ANSWER_THREW;
  }
};

// Answers the core's questions about `value` until it names a row.
function rowOf(value, awaited) {
  let step = firstStep(kindOf(value), awaited);
  for (;;) {
    switch (step) {
      case STEP_ASK_RESULT_KEYS:
        step = nextStep(step, askResultKeys(value));
        break;
      case STEP_ASK_JSON:
        step = nextStep(step, askJson(value));
        break;
      case STEP_TEXT:
      case STEP_PASSTHROUGH:
      case STEP_AWAIT:
      case STEP_JSON:
      case STEP_EMPTY:
      case STEP_FAILED:
        return step;
      default:
        return broken("step", step);
    }
  }
}

// message(e), as the core orders its checks.
function messageOf(thrown) {
  let step = firstStepOfThrown(kindOf(thrown));
  for (;;) {
    let answer;
    switch (step) {
      case STEP_ASK_MESSAGE:
        try {
          kept = thrown.message;
          answer = typeof kept === "string" ? ANSWER_YES : ANSWER_NO;
        } catch {
          answer = ANSWER_THREW;
        }
        break;
      case STEP_ASK_STRING:
        try {
          kept = toString(thrown);
          answer = ANSWER_YES;
        } catch {
          answer = ANSWER_THREW;
        }
        break;
      case STEP_ERROR_UNPRINTABLE:
        kept = undefined;
        return UNPRINTABLE;
      case STEP_ERROR_MESSAGE:
      case STEP_ERROR_STRING:
        return take();
      default:
        return broken("step", step);
    }
    step = nextStep(step, answer);
  }
}

const failure = (thrown) => ({ output: messageOf(thrown), isError: true });

// The result for a row that needs no awaiting.
function resultOf(step, value) {
  switch (step) {
    case STEP_TEXT:
      return { output: value, isError: false };
    case STEP_PASSTHROUGH:
      return value;
    case STEP_JSON:
      return { output: take(), isError: false };
    case STEP_EMPTY:
      kept = undefined;
      return { output: "", isError: false };
    case STEP_FAILED:
      return failure(take());
    default:
      return broken("step", step);
  }
}

// A tool's `execute`: calls `fn` with `args ?? {}` and `ctx` and turns what it returned or
// threw into the result. An async function, so its promise is native and never rejects; what
// the core sends to be awaited is awaited with a real `await`, exactly as `await` awaits.
const executeOf = (fn) => async (args, ctx) => {
  try {
    let value;
    try {
      value = fn(args ?? {}, ctx);
    } catch (error) {
      return failure(error);
    }
    let step = rowOf(value, false);
    if (step === STEP_AWAIT) {
      try {
        value = await value;
      } catch (error) {
        return failure(error);
      }
      step = rowOf(value, true);
    }
    return resultOf(step, value);
  } catch (error) {
    // The engine's RangeError gets here: the stack ran out while the result was being made (a
    // call at the very limit). Answered without another call, so it cannot overflow. Or an
    // unknown code from the core (`broken`), said as it is.
    return { output: error === brokenBy ? brokenBy.message : OVERFLOWED, isError: true };
  }
};

// What `execute` answers for a value thrown: the result `executeOf` makes of a throw, for the
// sources' own `execute` functions (`sourceTool`), which catch what they throw themselves.
const resultOfThrown = (thrown) => {
  try {
    return failure(thrown);
  } catch (error) {
    return { output: error === brokenBy ? brokenBy.message : OVERFLOWED, isError: true };
  }
};

export { executeOf, messageOf, resultOfThrown };

