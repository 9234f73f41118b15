/**
 * What the simulator's order endpoint did, for tests: how many orders each Idempotency-Key really
 * produced (replays are not counted; requests without a key are counted under ''), and whether the
 * next answer should be lost after the order is placed, as when our service dies between the
 * provider's charge and its own record.
 */
export class ConektaOrderLedger {
  private readonly placed = new Map<string, number>()
  private answersToLose = 0

  countPlaced(key: string | undefined): void {
    const name = key ?? ''
    this.placed.set(name, (this.placed.get(name) ?? 0) + 1)
  }

  placedWith(key: string): number {
    return this.placed.get(key) ?? 0
  }

  loseNextAnswer(): void {
    this.answersToLose++
  }

  /** True once per `loseNextAnswer()` call. */
  takeLostAnswer(): boolean {
    if (this.answersToLose === 0) return false
    this.answersToLose--
    return true
  }
}
