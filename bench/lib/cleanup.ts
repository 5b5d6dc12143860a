/** What an interrupted run must still undo (servers, the throwaway database, the load process). */
export const cleanups = new Set<() => Promise<void>>();

/** On Ctrl-C: runs every registered clean-up, then exits 130. */
export function cleanUpOnInterrupt() {
  process.once('SIGINT', () => {
    console.error('\ninterrupted: stopping the servers and removing the benchmark data');
    void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => process.exit(130));
  });
}
