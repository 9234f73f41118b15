import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachEngine } from '../../../tests/support/engines.ts'
import { createSession, login, seedFullAdmin, startTestPlatform, type Session, type TestPlatform } from './platform.ts'

/**
 * Failures of one e-mail from many addresses never lock it (anyone could keep its owner out):
 * past two failures each attempt waits 200 ms, doubling up to 800 ms here (500 ms to 8 s by
 * default), before its password is checked, and the owner's right password still signs in.
 */
forEachEngine('sign-in slows down, never locks, an e-mail guessed from many addresses (through the gateway)', (engine) => {
  let platform: TestPlatform
  let owner: Session

  beforeAll(async () => {
    platform = await startTestPlatform({ loginDelay: { freeFailures: 2, firstDelayMs: 200, maxDelayMs: 800 } }, engine)
    owner = await createSession(platform, await seedFullAdmin(platform), { role: 1 })
  })
  afterAll(() => platform.stop())

  const timedLogin = async (password: string, ip: string) => {
    const started = performance.now()
    const response = await login(platform, owner.email, password, ip)
    return { status: response.status, ms: performance.now() - started }
  }

  it('waits longer after each failure from any address, signs the owner in, and the slowdown ends with his success', async () => {
    const guesses = []
    for (let index = 1; index <= 6; index += 1) guesses.push(await timedLogin(`Incorrecta#${index}`, `10.50.0.${index}`))
    expect(guesses.map((guess) => guess.status)).toEqual([401, 401, 401, 401, 401, 401])
    // Failures before each guess: 0, 1, 2 (free), 3 → 200 ms, 4 → 400 ms, 5 → 800 ms.
    const waited = guesses.map((guess) => guess.ms)
    expect(waited[3]).toBeGreaterThanOrEqual(200)
    expect(waited[4]).toBeGreaterThanOrEqual(400)
    expect(waited[5]).toBeGreaterThanOrEqual(800)
    expect(Math.max(...waited.slice(0, 3))).toBeLessThan(200)

    // Capped, not locked: the owner from a fresh address gets in after at most the longest wait.
    const signedIn = await timedLogin(owner.password, '10.50.1.1')
    expect(signedIn.status).toBe(200)
    expect(signedIn.ms).toBeGreaterThanOrEqual(800)
    expect(signedIn.ms).toBeLessThan(800 + 1_500)
    // His success clears the e-mail's failures: the next attempt does not wait.
    expect((await timedLogin('Incorrecta#7', '10.50.0.7')).ms).toBeLessThan(200)
  })
})
