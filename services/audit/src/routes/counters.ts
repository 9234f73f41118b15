import { Router } from 'express'
import { counterNameSchema, type Counter } from '@donaciones/contracts'
import { methodNotAllowed, notFound, type ServiceContext } from '@donaciones/kit'
import { visitRecorder } from '../commands/record-visit.ts'
import { readCounter } from '../projections/counters.ts'

function counterName(raw: string) {
  const parsed = counterNameSchema.safeParse(raw)
  if (!parsed.success) throw notFound('Contador no encontrado', 'Los contadores disponibles son visits, donations y donors')
  return parsed.data
}

export function countersRoutes({ store }: ServiceContext): Router {
  const router = Router()
  const recordVisit = visitRecorder(store)

  router.get('/api/counters/:name', async (req, res) => {
    const total = await readCounter(store.db, store.schema, counterName(req.params.name))
    res.json({ total } satisfies Counter)
  })

  router.post('/api/counters/:name', async (req, res) => {
    const name = counterName(req.params.name)
    if (name !== 'visits') {
      throw methodNotAllowed('Este contador no se puede incrementar', 'Las donaciones y los donadores se cuentan a partir de las donaciones aprobadas')
    }
    const total = await recordVisit(req.requestId)
    res.json({ total } satisfies Counter)
  })

  return router
}
