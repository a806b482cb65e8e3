/** Not waiting for slow work any longer once a shutdown begins. */

/**
 * Settles like `work`, or rejects with the signal's reason as soon as `signal` aborts. `work` itself goes
 * on unobserved (its later result or error is dropped), so a hanging request cannot hold a shutdown up.
 */
export function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
