import type { Response } from 'express'

/**
 * Runs `task` once the answer has been handed to the network: its cost never shows in the answer
 * time (with PGlite the database shares the event loop, so work started earlier would delay the
 * bytes). A failure goes to `onError`, never to the client, who has his answer already.
 */
export function afterResponse(res: Response, task: () => Promise<unknown>, onError: (error: unknown) => void): void {
  let started = false
  const run = () => {
    if (started) return
    started = true
    task().catch(onError)
  }
  res.once('finish', run)
  res.once('close', run)
}
