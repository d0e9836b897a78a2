/**
 * Makes an async refresh safe to call from every poke: one run at a time, and calls that come while
 * one runs make exactly one more run after it, so no change is missed and a stream never sends the
 * same rows twice from two overlapping reads. A failed run goes to `onError`.
 */
export function coalesce(run: () => Promise<void>, onError: (e: unknown) => void): () => void {
  let running = false;
  let again = false;
  const go = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    run().then(
      () => {
        running = false;
        if (again) {
          again = false;
          go();
        }
      },
      (e: unknown) => {
        running = false;
        again = false;
        onError(e);
      },
    );
  };
  return go;
}
