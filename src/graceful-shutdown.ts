/**
 * Ordered shutdown for the processes this repo starts (the server and the CLIs): on
 * SIGINT/SIGTERM the registered closers run last-registered-first (the app before the
 * database it uses), then the process exits with `signalExitCode` (0 for the server, whose
 * normal end is a signal; 1 for a CLI, whose work was interrupted). A second signal, or closers hanging past
 * the grace period, exits 1 at once; a second one within a second of the first is the same
 * Ctrl-C delivered twice (the terminal signals npm and node, and npm passes it on to node)
 * and is ignored. Handlers are installed before anything is started,
 * so a signal during boot still stops an embedded postgres that was already running.
 */
/** A repeat within this time is one key press reaching the process twice, not a second request. */
const DUPLICATE_SIGNAL_MS = 1000;

export class GracefulShutdown {
  private readonly closers: Array<() => Promise<void> | void> = [];
  private closing = false;
  private firstSignalAt = 0;

  constructor(
    private readonly log: (message: string) => void = (m) => process.stdout.write(`${m}\n`),
    private readonly signalExitCode = 0,
    private readonly graceMs = 15_000,
  ) {}

  get isClosing(): boolean {
    return this.closing;
  }

  /** Registers something to close; later registrations close first. */
  add(closer: () => Promise<void> | void): void {
    this.closers.unshift(closer);
  }

  installSignalHandlers(): this {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void this.onSignal(signal));
    return this;
  }

  /** Runs every closer once, in order; errors are reported, never stop the rest. */
  async close(): Promise<void> {
    this.closing = true;
    while (this.closers.length) {
      const closer = this.closers.shift()!;
      try {
        await closer();
      } catch (err) {
        this.log(`shutdown step failed: ${(err as Error)?.message ?? err}`);
      }
    }
  }

  private async onSignal(signal: string): Promise<void> {
    if (this.closing) {
      if (Date.now() - this.firstSignalAt < DUPLICATE_SIGNAL_MS) return;
      this.log(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    this.firstSignalAt = Date.now();
    this.log(`${signal} received: shutting down`);
    setTimeout(() => {
      this.log(`shutdown took longer than ${this.graceMs} ms: exiting`);
      process.exit(1);
    }, this.graceMs).unref();
    await this.close();
    process.exit(this.signalExitCode);
  }
}
