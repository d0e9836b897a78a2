import closeWithGrace from 'close-with-grace';

/** How long a shutdown may take before the process gives up and exits 1 (container engines kill after 10 s). */
export const SHUTDOWN_GRACE_MS = 9000;

/**
 * On SIGTERM or SIGINT (and on an uncaught error): runs `close` (stop accepting, finish the
 * requests in flight, end event streams with a retry hint, close the database), then exits 0.
 * A second signal exits at once.
 */
export function closeOnSignals(close: () => Promise<void>, log: (line: string) => void = (l) => console.error(l)): void {
  closeWithGrace(
    { delay: SHUTDOWN_GRACE_MS, logger: { error: (m: unknown) => log(String(m instanceof Error ? (m.stack ?? m) : m)) } },
    async ({ signal, err }) => {
      if (err) log(`consultant server: ${err.stack ?? err.message}`);
      if (signal) log(`consultant server: ${signal}, closing`);
      await close();
    },
  );
}
