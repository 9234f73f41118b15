import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachEngine } from '../../../tests/support/engines.ts'
import { createSession, login, seedFullAdmin, startTestPlatform, type Session, type TestPlatform } from './platform.ts'

/**
 * Failures of one e-mail from many addresses never lock it (anyone could keep its owner out):
 * past two failures each attempt waits 1 s, doubling up to 2 s here (500 ms to 8 s by
 * default), before its password is checked, and the owner's right password still signs in.
 */
forEachEngine('sign-in slows down, never locks, an e-mail guessed from many addresses (through the gateway)', (engine) => {
  let platform: TestPlatform
  let owner: Session

  beforeAll(async () => {
    platform = await startTestPlatform({ loginDelay: { freeFailures: 2, firstDelayMs: 1_000, maxDelayMs: 2_000 } }, engine)
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
    // Failures before each guess: 0, 1, 2 (free), 3 → 1 s, 4 → 2 s, 5 → 2 s (the cap). A free attempt
    // answers in well under the first wait even on a busy machine.
    const waited = guesses.map((guess) => guess.ms)
    expect(waited[3]).toBeGreaterThanOrEqual(1_000)
    expect(waited[4]).toBeGreaterThanOrEqual(2_000)
    expect(waited[5]).toBeGreaterThanOrEqual(2_000)
    expect(Math.max(...waited.slice(0, 3))).toBeLessThan(1_000)

    // Capped, not locked: the owner from a fresh address gets in after at most the longest wait.
    const signedIn = await timedLogin(owner.password, '10.50.1.1')
    expect(signedIn.status).toBe(200)
    expect(signedIn.ms).toBeGreaterThanOrEqual(2_000)
    expect(signedIn.ms).toBeLessThan(2_000 + 1_500)
    // His success clears the e-mail's failures: the next attempt does not wait.
    expect((await timedLogin('Incorrecta#7', '10.50.0.7')).ms).toBeLessThan(1_000)
  })
})
