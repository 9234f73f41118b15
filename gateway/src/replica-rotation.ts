/**
 * Round robin over a service's replicas that leaves out, for a short rest, a replica that just
 * refused a connection, so a dead replica costs one failed attempt instead of every other request.
 */
export class ReplicaRotation {
  private next = 0
  private readonly restingUntil = new Map<string, number>()

  constructor(
    private readonly urls: readonly string[],
    private readonly restMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error('Se necesita al menos una réplica')
  }

  get size(): number {
    return this.urls.length
  }

  /** The next replica not resting and not in `exclude`; when every one is, the next in turn anyway. */
  pick(exclude: ReadonlySet<string> = new Set()): string {
    const time = this.now()
    const order = this.urls.map((_, offset) => this.urls[(this.next + offset) % this.urls.length] as string)
    const chosen =
      order.find((url) => !exclude.has(url) && (this.restingUntil.get(url) ?? 0) <= time) ??
      order.find((url) => !exclude.has(url)) ??
      (order[0] as string)
    this.next = (this.urls.indexOf(chosen) + 1) % this.urls.length
    return chosen
  }

  markUnreachable(url: string): void {
    this.restingUntil.set(url, this.now() + this.restMs)
  }
}
