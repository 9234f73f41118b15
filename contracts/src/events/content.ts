import { z } from 'zod'
import { idSchema } from '../rules.ts'
import {
  contactSchema,
  donatariaSchema,
  legalPagesSchema,
  providerNames,
  providersSchema,
  urlsSchema,
} from '../entities/configuration.ts'
import { pageNameSchema } from '../entities/page.ts'
import { defineEvent } from './envelope.ts'

/**
 * Content service events (aggregates: configuration, page, file). Secrets (provider secrets,
 * SMTP password, product key) never appear in events: the content service stores them encrypted
 * in its own table, and the events only say which of them changed.
 */

export const secretNames = [...providerNames, 'mailer', 'productKey'] as const
export const secretNameSchema = z.enum(secretNames)

const configurationDetails = {
  configurationId: idSchema,
  settings: z.object({ name: z.string(), logo: idSchema.nullable(), gratitudeMessage: z.string() }),
  home: z.object({ showCounters: z.boolean(), content: z.string(), image: idSchema.nullable() }),
  contact: contactSchema,
  urls: urlsSchema,
  providers: providersSchema,
  /** Public client ids / public keys per provider ('' when not set). */
  clients: z.object({
    conekta: z.string(),
    paypal: z.string(),
    facebook: z.string(),
    google: z.string(),
    twitter: z.string(),
  }),
  mailer: z.object({ host: z.string(), port: z.number().int(), user: z.string() }),
  pages: legalPagesSchema,
  /** Absent in events recorded before the setting existed: the default applies. */
  donations: z.object({ maxAmount: z.number() }).optional(),
  /** Absent in events recorded before 'Donataria autorizada' existed: off. */
  donataria: donatariaSchema.optional(),
  secretsChanged: z.array(secretNameSchema),
}

/** The setup wizard completed (POST /init). */
export const configurationCreated = defineEvent({
  service: 'content',
  aggregate: 'configuration',
  type: 'ConfigurationCreated',
  schema: z.object(configurationDetails),
})
export const configurationUpdated = defineEvent({
  service: 'content',
  aggregate: 'configuration',
  type: 'ConfigurationUpdated',
  schema: z.object(configurationDetails),
})

export const pageCreated = defineEvent({
  service: 'content',
  aggregate: 'page',
  type: 'PageCreated',
  schema: z.object({
    pageId: idSchema,
    name: pageNameSchema,
    title: z.string(),
    description: z.string(),
    active: z.boolean(),
  }),
})
export const pageUpdated = defineEvent({
  service: 'content',
  aggregate: 'page',
  type: 'PageUpdated',
  schema: z.object({ pageId: idSchema, description: z.string() }),
})
export const pageActivationToggled = defineEvent({
  service: 'content',
  aggregate: 'page',
  type: 'PageActivationToggled',
  schema: z.object({ pageId: idSchema, active: z.boolean() }),
})

export const fileUploaded = defineEvent({
  service: 'content',
  aggregate: 'file',
  type: 'FileUploaded',
  schema: z.object({
    fileId: idSchema,
    path: z.string(),
    contentType: z.string(),
    size: z.number().int().min(0),
    uploadedBy: z.string().nullable(),
  }),
})

/**
 * The setup wizard's lock (stream 'setup'): a SetupStarted claims it (expectedVersion), a
 * SetupFailed releases it, and ConfigurationCreated (same transaction as SetupCompleted) ends it.
 * `fingerprint` is an HMAC of the request, so a retry of the same request reuses `setupId`.
 */
export const setupStarted = defineEvent({
  service: 'content',
  aggregate: 'configuration',
  type: 'SetupStarted',
  schema: z.object({ setupId: idSchema, fingerprint: z.string() }),
})
export const setupFailed = defineEvent({
  service: 'content',
  aggregate: 'configuration',
  type: 'SetupFailed',
  schema: z.object({
    setupId: idSchema,
    /** False when undoing the earlier steps failed too: the next attempt reuses `setupId` and undoes first. */
    undone: z.boolean(),
    reason: z.string(),
  }),
})
export const setupCompleted = defineEvent({
  service: 'content',
  aggregate: 'configuration',
  type: 'SetupCompleted',
  schema: z.object({ setupId: idSchema, configurationId: idSchema, adminId: idSchema, categoryId: idSchema, institutionId: idSchema.nullable() }),
})

export const contentEvents = [
  setupStarted,
  setupFailed,
  setupCompleted,
  configurationCreated,
  configurationUpdated,
  pageCreated,
  pageUpdated,
  pageActivationToggled,
  fileUploaded,
] as const
