import { readFileSync } from 'node:fs'
import express from 'express'

/**
 * The reference of the read-path benchmark: a bare express handler answering the same JSON the
 * public campaign API answers (read from BENCH_BODY_FILE), in a process of its own.
 */
const body: unknown = JSON.parse(readFileSync(process.env.BENCH_BODY_FILE ?? '', 'utf8'))
const app = express()
app.disable('x-powered-by')
app.get('/api/public/campaigns/:slug', (_req, res) => {
  res.json(body)
})
// The platform's servers' listen backlog (LISTEN_BACKLOG, decision 81), so that the spike compares like with like.
const server = app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  const address = server.address()
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
