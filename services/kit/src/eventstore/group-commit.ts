import type { SqlExecutor } from '../db/index.ts'
import type { EventStore } from './event-store.ts'

export interface GroupCommitOptions {
  /** Most requests one transaction takes; the rest wait for the next one. */
  maxItems?: number
}

interface Waiting<TItem, TResult> {
  item: TItem
  resolve(result: TResult): void
  reject(error: unknown): void
}

const defaultMaxItems = 500

/**
 * Commits the requests that arrive while a transaction is running together, in the next one:
 * one commit (one flush of the log to disk) for the whole group instead of one each. Nobody
 * waits for a timer: an idle process commits a request at once, and a busy one gathers what
 * arrived during the last commit. Each request is answered only after its group committed, so an
 * answered request is never lost; a group that fails is rolled back whole and each of its
 * requests runs again alone, so one bad request fails only itself.
 *
 * `commit` gets the group's items in arrival order and returns one result per item, in the same order.
 */
export class GroupCommit<TItem, TResult> {
  private readonly waiting: Waiting<TItem, TResult>[] = []
  private draining = false
  private readonly maxItems: number

  constructor(
    private readonly store: EventStore,
    private readonly commit: (tx: SqlExecutor, items: readonly TItem[]) => Promise<readonly TResult[]>,
    options: GroupCommitOptions = {},
  ) {
    this.maxItems = options.maxItems ?? defaultMaxItems
  }

  submit(item: TItem): Promise<TResult> {
    return new Promise<TResult>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject })
      if (this.draining) return
      this.draining = true
      // Requests parsed in the same turn of the event loop join the first group.
      setImmediate(() => void this.drain())
    })
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) await this.commitGroup(this.waiting.splice(0, this.maxItems))
    } finally {
      this.draining = false
    }
  }

  private async commitGroup(group: readonly Waiting<TItem, TResult>[]): Promise<void> {
    let results: readonly TResult[]
    try {
      results = await this.store.transaction(async (tx) => {
        const answers = await this.commit(tx, group.map((waiting) => waiting.item))
        if (answers.length !== group.length) throw new Error(`la confirmación en grupo dio ${answers.length} resultados para ${group.length} solicitudes`)
        return answers
      })
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error)
        return
      }
      for (const waiting of group) await this.commitGroup([waiting])
      return
    }
    group.forEach((waiting, index) => waiting.resolve(results[index] as TResult))
  }
}
