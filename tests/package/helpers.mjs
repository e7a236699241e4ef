// Shared by the package suites: run a tool function through both constructors.
import { defineTool, Tool } from "toolnexus";

let n = 0;

/** A tool around `fn`, made by defineTool (`via = "define"`) or new Tool (`via = "class"`). */
export function toolOf(fn, via = "define") {
  const name = `t${n++}`;
  return via === "define"
    ? defineTool({ name, description: "test", run: fn })
    : new Tool({ name, description: "test", execute: fn });
}

/** Runs `fn` as a tool's function and returns what `execute` resolves to. */
export async function outcome(fn, via = "define", args = {}, ctx) {
  const tool = toolOf(fn, via);
  const promise = tool.execute(args, ctx);
  if (!(promise instanceof Promise) || Object.getPrototypeOf(promise) !== Promise.prototype) {
    throw new Error("execute did not return a native Promise");
  }
  return promise;
}

export const VIAS = ["define", "class"];
