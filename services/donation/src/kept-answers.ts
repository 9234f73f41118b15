export interface KeptAnswersOptions<V> {
  ttlMs: number
  now?: () => number
  /** Which answers are worth keeping (default: all). */
  keep?: (value: V) => boolean
  /** Past this many kept answers, all are forgotten at once (default: no bound). */
  maxEntries?: number
}

/**
 * Answers of a remote lookup kept in this process's memory for a short time. Concurrent lookups
 * of one key share one call; a failed call is not kept.
 */
export class KeptAnswers<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>()
  private readonly pending = new Map<K, Promise<V>>()
  private readonly now: () => number

  constructor(private readonly options: KeptAnswersOptions<V>) {
    this.now = options.now ?? Date.now
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key)
    if (entry && this.now() < entry.until) return Promise.resolve(entry.value)
    let lookup = this.pending.get(key)
    if (!lookup) {
      lookup = load()
        .then((value) => {
          if (this.options.keep?.(value) ?? true) this.remember(key, value)
          return value
        })
        .finally(() => this.pending.delete(key))
      this.pending.set(key, lookup)
    }
    return lookup
  }

  private remember(key: K, value: V): void {
    const { maxEntries } = this.options
    if (maxEntries !== undefined && this.entries.size >= maxEntries) this.entries.clear()
    this.entries.set(key, { value, until: this.now() + this.options.ttlMs })
  }
}
