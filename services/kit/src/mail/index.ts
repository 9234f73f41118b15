export { createMailer, smtpProblemOf, verifySmtp, type SmtpCheck, type MailFile, type MailMessage, type Mailer, type MailerOptions, type SentMail, type SmtpSettings } from './mailer.ts'
export { createMailOutboxTable, enqueueMail, mailRetryDelay, MailOutboxSender, undeliveredMail, type MailOutboxSenderOptions } from './outbox.ts'
export { createMailQueue, type MailQueue, type MailQueueOptions, type OutboxMail, type UndeliveredMail } from './mail-queue.ts'
export { deliverFinishedMessage, handToMailService, MAIL_MESSAGE, queueMessage } from './hand-over.ts'
