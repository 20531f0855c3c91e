/**
 * Process groups of running engines. On a second Ctrl-C or any exit path the CLI kills them all
 * synchronously, so no engine outlives the runner even if an orderly stop was cut short.
 */
const groups = new Set<number>();

export function trackGroup(pgid: number): void {
  groups.add(pgid);
}

export function untrackGroup(pgid: number): void {
  groups.delete(pgid);
}

export function killAllEnginesNow(): void {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  groups.clear();
}
