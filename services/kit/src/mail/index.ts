export { createMailer, type MailMessage, type Mailer, type MailerOptions, type SentMail, type SmtpSettings } from './mailer.ts'
