import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { initResponseSchema, setupRequestSchema } from './init.ts'
import type { SetupRequestInput } from './init.ts'
import { configurationResponseSchema } from './configuration.ts'
import { allMessages, messagesAt } from '../../test/support.ts'

const wizard: SetupRequestInput = {
  productKey: 'PK-123',
  settings: { name: 'Fundación Ayuda', logo: 'file-logo', gratitudeMessage: 'Gracias por tu apoyo' },
  home: { showCounters: true, content: 'a'.repeat(700), image: 'file-home' },
  contact: { email: 'contacto@ayuda.mx', phone: '+52 55 1234 5678', address: 'Av. Reforma 1, CDMX' },
  mailer: { auth: { user: 'mailer@ayuda.mx', pass: 'smtp-secret' }, host: 'smtp.ayuda.mx', port: 587 },
  pages: { terms: '<p>Términos</p>', notice: '<p>Aviso</p>' },
  providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: false },
  keys: { conekta: { client: 'key_pub', secret: 'key_priv' } },
  urls: { facebook: 'https://facebook.com/ayuda', twitter: '', instagram: '' },
  user: {
    name: 'Ana',
    lastName: 'Pérez',
    email: 'ana@ayuda.mx',
    password: 'abcdefG1',
    confirmation: 'abcdefG1',
    thumbnail: 'file-ana',
  },
  category: { title: 'Educación', description: 'Campañas de educación' },
}

describe('setupRequestSchema', () => {
  it('accepts a complete wizard payload (institution omitted)', () => {
    expect(allMessages(setupRequestSchema, wizard)).toEqual([])
  })

  it('accepts the optional institution and refuses an invalid one', () => {
    expect(setupRequestSchema.safeParse({ ...wizard, institution: { name: 'Casa', description: 'Hogar' } }).success).toBe(true)
    expect(allMessages(setupRequestSchema, { ...wizard, institution: { name: 'a'.repeat(41), description: 'Hogar' } })).toEqual([
      'institution.name: El máximo de caracteres es de 40',
    ])
  })

  it('mission: 700 in the wizard, 701 refused', () => {
    expect(messagesAt(setupRequestSchema, { ...wizard, home: { ...wizard.home, content: 'a'.repeat(701) } }, 'home.content')).toEqual([
      'El máximo de caracteres es de 700',
    ])
  })

  it('reports a confirmation mismatch on user.confirmation', () => {
    expect(allMessages(setupRequestSchema, { ...wizard, user: { ...wizard.user, confirmation: 'abcdefG2' } })).toEqual([
      'user.confirmation: Las contraseñas no coinciden',
    ])
  })

  it('needs both keys of an enabled provider', () => {
    expect(allMessages(setupRequestSchema, { ...wizard, keys: { conekta: { client: 'key_pub' } } })).toEqual([
      'keys.conekta.secret: Campo requerido',
    ])
    expect(allMessages(setupRequestSchema, { ...wizard, providers: { ...wizard.providers, paypal: true } })).toEqual([
      'keys.paypal.client: Campo requerido',
      'keys.paypal.secret: Campo requerido',
    ])
  })

  it('reports missing sections as required', () => {
    const { mailer: _mailer, ...withoutMailer } = wizard
    expect(allMessages(setupRequestSchema, withoutMailer)).toEqual(['mailer: Campo requerido'])
  })
})

const SECRET_KEYS = ['secret', 'pass', 'productKey', 'mailer', 'keys', 'password']

interface SchemaNode {
  def: { type: string; shape?: Record<string, unknown>; options?: unknown[]; innerType?: unknown; element?: unknown; in?: unknown; out?: unknown }
}

/** Every object key reachable in a schema (objects, unions, wrappers, arrays, pipes). */
function keysOf(schema: unknown, found = new Set<string>()): Set<string> {
  const def = (schema as SchemaNode).def
  if (def.shape) {
    for (const [key, child] of Object.entries(def.shape)) {
      found.add(key)
      keysOf(child, found)
    }
  }
  for (const child of [...(def.options ?? []), def.innerType, def.element, def.in, def.out]) {
    if (child) keysOf(child, found)
  }
  return found
}

describe('initResponseSchema (GET /api/init)', () => {
  it('has no secret field anywhere', () => {
    const keys = keysOf(initResponseSchema)
    expect(keys.has('clients')).toBe(true)
    expect(SECRET_KEYS.filter((key) => keys.has(key))).toEqual([])
  })

  it('strips secrets a careless server would send', () => {
    const response = {
      configured: true,
      settings: { name: 'Ayuda', logo: null, gratitudeMessage: 'Gracias' },
      home: { showCounters: true, content: 'Misión', image: null },
      contact: { email: 'c@a.mx', phone: '55', address: 'CDMX' },
      urls: { facebook: '', twitter: '', instagram: '' },
      providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: false },
      clients: { conekta: 'key_pub', paypal: null, google: null },
      pages: { terms: 't', notice: 'n' },
      donations: { maxAmount: 100_000 },
      receipts: { deductible: true },
      donataria: { enabled: true, rfc: 'FCA970701NN8', authorizationNumber: '600-04', authorizationDate: '2024-01-15' },
      scripts: { conektaTokenizer: 'https://cdn.conekta.io/js/latest/conekta.js', paypalSdk: 'https://www.paypal.com/sdk/js' },
      keys: { conekta: { client: 'key_pub', secret: 'key_priv' } },
      mailer: { auth: { user: 'u', pass: 'p' }, host: 'h', port: 25 },
      productKey: 'PK',
    }
    const parsed: z.infer<typeof initResponseSchema> = initResponseSchema.parse(response)
    expect(JSON.stringify(parsed)).not.toMatch(/key_priv|"pass"|PK|mailer|donataria|FCA970701NN8/)
    expect(initResponseSchema.parse({ configured: false })).toEqual({ configured: false })
  })

  it('the admin configuration view has no secret value either', () => {
    const keys = keysOf(configurationResponseSchema)
    expect(keys.has('hasSecret')).toBe(true)
    expect(['secret', 'pass', 'productKey'].filter((key) => keys.has(key))).toEqual([])
  })
})
