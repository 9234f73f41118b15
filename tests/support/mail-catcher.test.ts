import { connect, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestSmtpServer } from '../../services/kit/testing/test-smtp-server.ts'
import { startMailCatcher } from './mail-catcher.ts'

/** Resolves with the first answer of `socket` that matches `pattern`. */
function answered(socket: Socket, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const listener = (chunk: Buffer) => {
      if (!pattern.test(chunk.toString())) return
      socket.off('data', listener)
      resolve(chunk.toString())
    }
    socket.on('data', listener)
    socket.once('error', reject)
  })
}

/** Connects and waits for the SMTP greeting. */
async function greeted(port: number): Promise<{ socket: Socket; greeting: string }> {
  const socket = connect(port, '127.0.0.1')
  return { socket, greeting: await answered(socket, /^\d{3} /) }
}

const servers = { 'the mail catcher': startMailCatcher, "the kit's test SMTP server": () => startTestSmtpServer() }

describe.each(Object.entries(servers))('%s', (_name, start) => {
  let catcher: { port: number; close(): Promise<void> }
  afterAll(() => catcher?.close())

  it('outlives a client that drops its connection amid a message (a platform killed by a test resets it)', async () => {
    catcher = await start()
    const { socket, greeting } = await greeted(catcher.port)
    expect(greeting).toMatch(/^220 /)
    const ehlo = answered(socket, /^250 /m)
    socket.write('EHLO prueba\r\n')
    await ehlo
    const mailFrom = answered(socket, /^250 /m)
    socket.write('MAIL FROM:<sitio@prueba.mx>\r\n')
    await mailFrom
    socket.resetAndDestroy()
    await new Promise((resolve) => setTimeout(resolve, 300))

    const again = await greeted(catcher.port)
    expect(again.greeting).toMatch(/^220 /)
    again.socket.end('QUIT\r\n')
  })
})
