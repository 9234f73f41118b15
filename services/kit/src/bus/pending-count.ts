/**
 * What one (durable, filter) pair of the in-process bus has yet to acknowledge, kept in memory as
 * the bus stores its messages and the pair moves on, so telling it reads nothing. The process owns
 * its bus, so every message after `horizon` (the last one stored when the pair was made) was stored
 * here and is known by subject; the ones before it are known only by position and all count until
 * the pair has passed them (an upper bound, while a consumer catches up on what it found at start).
 */
export class PendingCount {
  /** Sequences of the pair's messages after `horizon` and after the pair's position, ascending. */
  private ahead: number[] = []
  private head = 0

  constructor(private readonly horizon: number) {}

  /** The bus stored a message of this pair. */
  stored(sequence: number): void {
    if (sequence <= this.horizon) return
    const last = this.ahead.at(-1)
    if (last === undefined || sequence > last) {
      this.ahead.push(sequence)
      return
    }
    // Two publishers' inserts may report back out of order.
    let index = this.ahead.length
    while (index > this.head && (this.ahead[index - 1] ?? 0) > sequence) index--
    if (this.ahead[index - 1] !== sequence) this.ahead.splice(index, 0, sequence)
  }

  /** The pair has dealt with everything up to `position`. */
  passed(position: number): void {
    while (this.head < this.ahead.length && (this.ahead[this.head] ?? 0) <= position) this.head++
    if (this.head > 1024 && this.head * 2 > this.ahead.length) {
      this.ahead = this.ahead.slice(this.head)
      this.head = 0
    }
  }

  /** Messages still to acknowledge when the pair is at `position`. */
  after(position: number): number {
    this.passed(position)
    return Math.max(0, this.horizon - position) + (this.ahead.length - this.head)
  }
}
