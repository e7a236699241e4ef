// Shared by the memory children: the memory a test counts (heap + external + array buffers),
// and the garbage collector, which needs `node --expose-gc`.

/** heapUsed + external + arrayBuffers, in bytes. */
export function used() {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

/** A full collection (run the child with --expose-gc). */
export function gc() {
  const collect = /** @type {undefined | (() => void)} */ (globalThis.gc);
  if (!collect) throw new Error("run with --expose-gc");
  collect();
}

/** Collections across a few macrotasks, so that FinalizationRegistry callbacks run too. */
export async function settle() {
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
}
