import { describe, expect, it } from 'vitest'
import { putBackEnvironment } from './environment.ts'

describe('putBackEnvironment: what a test file changed in process.env does not reach the next file', () => {
  it('removes what was added, restores what was changed or deleted, keeps the rest', () => {
    process.env.PRUEBA_CAMBIADA = 'antes'
    process.env.PRUEBA_BORRADA = 'presente'
    const found = { ...process.env }

    process.env.PRUEBA_NUEVA = 'http://127.0.0.1:9'
    process.env.PRUEBA_CAMBIADA = 'después'
    delete process.env.PRUEBA_BORRADA
    putBackEnvironment(found)

    expect(process.env.PRUEBA_NUEVA).toBeUndefined()
    expect(process.env.PRUEBA_CAMBIADA).toBe('antes')
    expect(process.env.PRUEBA_BORRADA).toBe('presente')
    expect({ ...process.env }).toEqual(found)
    delete process.env.PRUEBA_CAMBIADA
    delete process.env.PRUEBA_BORRADA
  })
})
