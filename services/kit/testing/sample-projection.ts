import type { SqlExecutor } from '../src/db/index.ts'
import { on } from '../src/eventstore/event-handlers.ts'
import type { Projection } from '../src/eventstore/projection.ts'
import { ident } from '../src/db/ident.ts'
import { typedProjection } from '../src/eventstore/typed-projection.ts'
import { foreignSampleNoted } from './sample-events.ts'

/** Sums the amounts of ForeignSampleNoted and counts applications: a double application shows. */
export function sumProjection(options: { delayPerEventMs?: number } = {}): Projection {
  return typedProjection({
    name: 'sums',
    tables: ['sums'],
    async setup(db: SqlExecutor, schema: string) {
      await db.exec(`create table if not exists ${ident(schema)}.sums (id int primary key, amount numeric not null, applied int not null)`)
    },
    handlers: [
      on(foreignSampleNoted, async ({ amount }, _event, tx, schema) => {
        if (options.delayPerEventMs) await tx.query('select pg_sleep($1)', [options.delayPerEventMs / 1000])
        await tx.query(
          `insert into ${ident(schema)}.sums (id, amount, applied) values (1, $1, 1)
           on conflict (id) do update set amount = sums.amount + excluded.amount, applied = sums.applied + 1`,
          [amount],
        )
      }),
    ],
  })
}

export async function readSums(db: SqlExecutor, schema: string): Promise<{ amount: number; applied: number }> {
  const { rows } = await db.query<{ amount: string; applied: number }>(`select amount::text as amount, applied from ${ident(schema)}.sums where id = 1`)
  return { amount: Number(rows[0]?.amount ?? 0), applied: rows[0]?.applied ?? 0 }
}
