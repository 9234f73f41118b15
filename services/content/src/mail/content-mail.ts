import { join } from 'node:path'
import { createMailer, type MailMessage, type Mailer, type SentMail, type ServiceContext, type SmtpSettings } from '@donaciones/kit'
import { loadConfiguration } from '../projections/configuration.ts'
import { fingerprint } from '../secrets/secret-box.ts'
import { readSecrets } from '../secrets/secret-store.ts'

const SIMPLE_EMAIL = /^[^\s@<>"]+@[^\s@<>"]+$/

/**
 * Mail with the SMTP settings of the site configuration; before setup, without a host, or with
 * MAIL_TRANSPORT=outbox, messages go to `<dataDir>/outbox` as .eml files. The transport is
 * rebuilt when the settings change.
 */
export class ContentMail {
  private current: { settings: string; mailer: Mailer } | undefined

  constructor(
    private readonly context: ServiceContext,
    private readonly key: Buffer,
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    return (await this.mailer()).send(message)
  }

  close(): void {
    this.current?.mailer.close()
    this.current = undefined
  }

  private async mailer(): Promise<Mailer> {
    const { db, store, dataDir, logger } = this.context
    const configuration = await loadConfiguration(db, store.schema)
    let smtp: SmtpSettings | undefined
    let from = 'no-reply@localhost'
    if (configuration) {
      const { mailer, settings } = configuration.details
      const secrets = await readSecrets(db, store.schema, this.key)
      const address = SIMPLE_EMAIL.test(mailer.user) ? mailer.user : 'no-reply@localhost'
      from = `"${settings.name.replace(/["\\\r\n]/g, '')}" <${address}>`
      if (mailer.host && this.context.settings.MAIL_TRANSPORT !== 'outbox') {
        smtp = {
          host: mailer.host,
          port: mailer.port,
          ...(mailer.user ? { auth: { user: mailer.user, pass: secrets.mailer ?? '' } } : {}),
        }
      }
    }
    const settings = fingerprint(this.key, { smtp, from })
    if (this.current?.settings === settings) return this.current.mailer
    this.current?.mailer.close()
    const mailer = createMailer({ smtp, outboxDir: dataDir ? join(dataDir, 'outbox') : undefined, from, logger })
    this.current = { settings, mailer }
    return mailer
  }
}
