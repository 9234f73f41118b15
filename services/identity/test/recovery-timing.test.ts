import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachEngine } from '../../../tests/support/engines.ts'
import { createSession, seedFullAdmin, startTestPlatform, uniqueEmail, waitForMails, type Session, type TestPlatform } from './platform.ts'

const SAMPLES = 25

/** The client thread: one timed POST (the connection is opened before the clock starts). */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads')
const { Agent, request } = require('node:http')
const agent = new Agent({ keepAlive: true })
const post = (body) => new Promise((resolve, reject) => {
  const req = request(workerData.url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
    let text = ''
    res.on('data', (chunk) => (text += chunk))
    res.on('end', () => resolve({ status: res.statusCode, body: text }))
  })
  req.on('error', reject)
  req.end(body)
})
;(async () => {
  await post(JSON.stringify({ email: 'x' }))
  const started = performance.now()
  const answer = await post(JSON.stringify({ email: workerData.email }))
  parentPort.postMessage({ ...answer, elapsed: performance.now() - started })
  agent.destroy()
})()
`

function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/**
 * A recovery request must not tell, by its answer time, whether an account exists: the answer
 * leaves before the e-mail is looked up, and the link and its mail are recorded afterwards.
 */
forEachEngine('POST /api/auth/request-recover-password answers in the same time for known and unknown e-mails (through the gateway)', (engine) => {
  let platform: TestPlatform
  let user: Session

  beforeAll(async () => {
    // Every request for the known account records a link and a mail (no per-e-mail limit in the way).
    platform = await startTestPlatform({ recoveryMailLimit: { perEmail: 1_000, windowSeconds: 3_600 } }, engine)
    user = await createSession(platform, await seedFullAdmin(platform), { role: 2 })
  })
  afterAll(() => platform.stop())

  /**
   * Timed from a thread of its own, as a browser would see it: the platform runs in this thread, so
   * a client here would also wait for work the server does after answering.
   */
  const timed = (email: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(CLIENT, { eval: true, workerData: { url: `${platform.url}/api/auth/request-recover-password`, email } })
      worker.once('message', (answer: { status: number; body: string; elapsed: number }) => {
        expect(answer.status).toBe(200)
        expect(JSON.parse(answer.body)).toEqual({ message: 'Email enviado', description: 'Revise su bandeja de entrada' })
        resolve(answer.elapsed)
      })
      worker.once('error', reject)
    })

  it('has the same median answer time, and the mail still reaches a known account', async () => {
    const known: number[] = []
    const unknown: number[] = []
    const mailsBefore = platform.mails.filter((mail) => mail.to === user.email).length
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      // Interleaved, each measured on a quiet service: the previous request's work is done.
      known.push(await timed(user.email))
      await waitForMails(platform, user.email, mailsBefore + sample + 1)
      unknown.push(await timed(uniqueEmail('nadie')))
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const [knownMedian, unknownMedian] = [median(known), median(unknown)]
    // Recording the link took 3–10 times the lookup when the answer waited for it (15–54 ms against 4–12 ms).
    expect(knownMedian, `mediana con cuenta ${knownMedian.toFixed(1)} ms, sin cuenta ${unknownMedian.toFixed(1)} ms`).toBeLessThan(unknownMedian * 1.5 + 1)
  })
})
