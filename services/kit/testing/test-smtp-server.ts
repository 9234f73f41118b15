// Test support only (not exported from index.ts): a loopback SMTP server that keeps what it receives.
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  user: string | undefined
  raw: string
}

export interface TestSmtpServer {
  port: number
  received: ReceivedMail[]
  close(): Promise<void>
}

export async function startTestSmtpServer(credentials?: { user: string; pass: string }): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !credentials,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username })
        return
      }
      callback(new Error('Credenciales inválidas'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  // A client gone amid a message (a service a test killed) must not end the test process.
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('Sin puerto')
  let closing: Promise<void> | undefined
  return {
    port: address.port,
    received,
    close: () => (closing ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  }
}
