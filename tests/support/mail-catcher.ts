import { SMTPServer } from 'smtp-server'

export interface CaughtAttachment {
  filename: string
  contentType: string
  content: Buffer
}

export interface CaughtMail {
  to: string[]
  raw: string
  /** Every MIME part's body but the attachments decoded (quoted-printable or base64), one after another. */
  text: string
  attachments: CaughtAttachment[]
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined[index] as string
    const hex = joined.slice(index + 1, index + 3)
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(char))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The MIME parts of a message nodemailer wrote: each one's headers (unfolded; lower case, and as written) and body. */
function partsOf(raw: string): Array<{ headers: string; written: string; body: string }> {
  return raw.split(/\r?\n--[^\r\n]+\r?\n/).flatMap((part) => {
    const split = part.search(/\r?\n\r?\n/)
    if (split < 0) return []
    const written = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
    return [{ headers: written.toLowerCase(), written, body: part.slice(split).trim() }]
  })
}

/** The attached files (base64 parts with a filename). */
function attachmentsOf(raw: string): CaughtAttachment[] {
  return partsOf(raw).flatMap(({ headers, written, body }) => {
    const filename = /content-disposition: attachment; filename="?([^";\r\n]+)"?/i.exec(written)?.[1]
    if (!filename || !headers.includes('content-transfer-encoding: base64')) return []
    const contentType = /content-type: ([^;\r\n]+)/.exec(headers)?.[1] ?? ''
    return [{ filename, contentType, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') }]
  })
}

/** Decodes each part but the attachments by its Content-Transfer-Encoding; enough for the messages nodemailer writes. */
function decodeMessage(raw: string): string {
  return partsOf(raw)
    .map(({ headers, body }) => {
      if (headers.includes('content-disposition: attachment')) return ''
      if (headers.includes('content-transfer-encoding: base64')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      if (headers.includes('content-transfer-encoding: quoted-printable')) return decodeQuotedPrintable(body)
      return body
    })
    .join('\n')
}

export interface MailCatcher {
  port: number
  mails: CaughtMail[]
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>
  /** Stops listening, as an SMTP server that is down (connections are refused). */
  stop(): Promise<void>
  /** Listens again on the same port. */
  restart(): Promise<void>
  close(): Promise<void>
}

/** A loopback SMTP server that keeps every message it receives. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = []
  const listen = async (port: number): Promise<SMTPServer> => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(_auth, _session, callback) {
        callback(null, { user: 'prueba' })
      },
      onData(stream, session, callback) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw, text: decodeMessage(raw), attachments: attachmentsOf(raw) })
          callback()
        })
      },
    })
    // A client gone amid a message (a platform a test killed) is no failure of the catcher; left
    // unheard, smtp-server's 'error' would end the test process.
    server.on('error', () => undefined)
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    return server
  }
  let server: SMTPServer | undefined = await listen(0)
  const { port } = server.server.address() as { port: number }
  const stop = async () => {
    const running = server
    server = undefined
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()))
  }
  return {
    port,
    mails,
    async waitFor(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = [...mails].reverse().find((candidate) => candidate.to.includes(to))
        if (mail) return mail
        if (Date.now() > deadline) throw new Error(`No llegó correo para ${to}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    stop,
    async restart() {
      server ??= await listen(port)
    },
    close: stop,
  }
}
