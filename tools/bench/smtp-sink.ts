import { SMTPServer } from 'smtp-server'

/** An SMTP server that accepts every message and keeps none: the thank-you e-mails of the donation benchmark. */
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(_auth, _session, done) {
    done(null, { user: 'benchmark' })
  },
  onData(stream, _session, done) {
    stream.on('end', () => done())
    stream.resume()
  },
})
// A sender gone amid a message (a service stopped) must not end the sink.
server.on('error', () => undefined)
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address()
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
