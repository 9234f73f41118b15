/** Prints how long each step took, and all of them at the end. */
export class StepClock {
  private readonly times: { name: string; ms: number; outcome: string }[] = []

  async time<T>(name: string, run: () => Promise<T>): Promise<T> {
    const started = Date.now()
    try {
      const result = await run()
      this.record(name, Date.now() - started, 'ok')
      return result
    } catch (error) {
      this.record(name, Date.now() - started, 'falló')
      throw error
    }
  }

  private record(name: string, ms: number, outcome: string): void {
    this.times.push({ name, ms, outcome })
    console.log(`[containers] ${name}: ${(ms / 1000).toFixed(1)} s (${outcome})`)
  }

  report(): string {
    const total = this.times.reduce((sum, entry) => sum + entry.ms, 0)
    return [...this.times.map((entry) => `  ${(entry.ms / 1000).toFixed(1).padStart(7)} s  ${entry.outcome.padEnd(5)}  ${entry.name}`), `  ${(total / 1000).toFixed(1).padStart(7)} s  total`].join('\n')
  }
}
