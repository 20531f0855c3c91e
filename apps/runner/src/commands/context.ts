/** What a command needs from the process: streams, environment and the Ctrl-C signal. */
export interface Context {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  /** Aborted on SIGINT or SIGTERM. */
  signal: AbortSignal;
  /** The exit code for the signal that aborted the run (130 for SIGINT, 143 for SIGTERM). */
  interruptedExit(): number;
}
