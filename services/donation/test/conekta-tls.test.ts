import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConektaClient, ConektaError } from '../src/providers/conekta-client.ts'
import { ConektaRecurringClient } from '../src/providers/conekta-recurring.ts'

/** The SDK turns TLS verification off unless given an agent: ours must refuse a certificate nobody signed. */
describe('Conekta client TLS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'donaciones-tls-'))
  let server: Server
  let requests = 0

  beforeAll(async () => {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' })
    server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
      requests++
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'ord_falsa', amount: 100, currency: 'MXN', payment_status: 'paid' }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    rmSync(dir, { recursive: true, force: true })
  })

  it('refuses a self-signed server instead of trusting it', async () => {
    const client = new ConektaClient('key_privada', `https://127.0.0.1:${(server.address() as AddressInfo).port}`)
    const error = await client.getOrder('ord_falsa').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConektaError)
    expect((error as ConektaError).status).toBeUndefined()
    expect(requests).toBe(0)
  })
})

/** A provider that accepts the connection and never answers must not hold a donor's request for good. */
describe('Conekta client wait', () => {
  const sockets: Socket[] = []
  const silent = createTcpServer((socket) => sockets.push(socket))
  let basePath = ''

  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    basePath = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  })

  it('gives up on a silent provider after its limit, as on an unreachable one', async () => {
    const error = await new ConektaClient('key_privada', basePath, 300).getOrder('ord_x').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConektaError)
    expect((error as ConektaError).status).toBeUndefined()
    expect((error as ConektaError).message).toBe('No fue posible comunicarse con el proveedor de pagos (ECONNABORTED)')
  }, 20_000)

  it('bounds the monthly calls too', async () => {
    const error = await new ConektaRecurringClient('key_privada', basePath, 300).ensurePlan(10_000).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConektaError)
    expect((error as ConektaError).message).toMatch(/^No fue posible comunicarse con el proveedor de pagos/)
  }, 20_000)
})
