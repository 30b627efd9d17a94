/**
 * Runs work at most `limit` at a time, the rest in order of arrival; work that has waited
 * `maxWaitMs` for its turn is refused with `busy()` and never runs. Work that finds a free place
 * starts at once.
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(readonly limit: number, readonly maxWaitMs: number, private readonly busy: () => Error) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`A gate needs a limit of at least 1, got ${limit}`);
  }

  /** Work waiting for its turn. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running += 1;
    else await this.turn();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Resolves when a place is handed over (the running count stays), or rejects after maxWaitMs. */
  private turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = {
        start: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(this.busy());
        }, this.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.running -= 1;
      return;
    }
    clearTimeout(next.timer);
    next.start();
  }
}
