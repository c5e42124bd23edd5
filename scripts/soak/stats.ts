/** Counters and latencies of a soak run, overall and per minute. */
export interface Window {
  minute: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export class SoakStats {
  requests = 0;
  errors = 0;
  readonly byScenario = new Map<string, { requests: number; errors: number }>();
  readonly errorSamples: string[] = [];
  private readonly latencies: number[] = [];
  private readonly windows = new Map<number, number[]>();
  private readonly windowErrors = new Map<number, number>();

  constructor(private readonly startedAt = Date.now()) {}

  record(scenario: string, ms: number, ok: boolean, detail?: string): void {
    const minute = Math.floor((Date.now() - this.startedAt) / 60_000);
    this.requests++;
    this.latencies.push(ms);
    if (!this.windows.has(minute)) this.windows.set(minute, []);
    this.windows.get(minute)!.push(ms);
    const s = this.byScenario.get(scenario) ?? { requests: 0, errors: 0 };
    s.requests++;
    if (!ok) {
      s.errors++;
      this.errors++;
      this.windowErrors.set(minute, (this.windowErrors.get(minute) ?? 0) + 1);
      if (this.errorSamples.length < 20) this.errorSamples.push(`${scenario}: ${detail}`);
    }
    this.byScenario.set(scenario, s);
  }

  overall(): { requests: number; errors: number; p50: number; p99: number; max: number } {
    const sorted = [...this.latencies].sort((x, y) => x - y);
    return { requests: this.requests, errors: this.errors, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? 0 };
  }

  perMinute(): Window[] {
    return [...this.windows.entries()]
      .sort(([x], [y]) => x - y)
      .map(([minute, values]) => {
        const sorted = [...values].sort((x, y) => x - y);
        return {
          minute: minute + 1,
          requests: values.length,
          errors: this.windowErrors.get(minute) ?? 0,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
        };
      });
  }
}
