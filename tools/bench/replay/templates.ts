import {
  campaignCreated,
  categoryCreated,
  configurationCreated,
  donationApproved,
  institutionCreated,
  pageCreated,
  userCreated,
  visitRecorded,
  type EventDataOf,
} from '@donaciones/contracts'

/**
 * Complete, contract-valid payloads the SQL generator starts from; it replaces the fields that
 * vary per event (ids, titles, amounts...) with `template || jsonb_build_object(...)`, and the
 * generated rows are checked against the same contracts afterwards.
 */
export const visitTemplate = visitRecorded.schema.parse({ counter: 'visits' })

export const campaignTemplate: EventDataOf<typeof campaignCreated> = campaignCreated.schema.parse({
  campaignId: 'x',
  slug: 'x',
  title: 'x',
  subtitle: 'Ayúdanos a llegar a la meta',
  description: 'Reunimos fondos para útiles escolares, uniformes y alimentos de niñas y niños de la comunidad.',
  content: '<p>Cada donativo se entrega a las familias inscritas en el programa.</p><p>Gracias por tu apoyo.</p>',
  thumbnail: 'x',
  categories: [],
  institution: null,
  goal: 150000,
  duration: 90,
  date: '2025-01-15',
  gratitude: '¡Gracias por tu donativo!',
  visibility: { counter: true, countdown: true, comments: true },
  active: true,
})

export const institutionTemplate: EventDataOf<typeof institutionCreated> = institutionCreated.schema.parse({
  institutionId: 'x',
  name: 'x',
  description: 'Institución de asistencia privada que acompaña a familias en situación vulnerable.',
  active: true,
})

export const categoryTemplate: EventDataOf<typeof categoryCreated> = categoryCreated.schema.parse({
  categoryId: 'x',
  title: 'x',
  description: 'Campañas agrupadas por causa.',
  active: true,
})

export const userTemplate: EventDataOf<typeof userCreated> = userCreated.schema.parse({
  userId: 'x',
  name: 'x',
  lastName: 'x',
  email: 'x',
  thumbnail: null,
  picture: null,
  role: 2,
  permissions: [],
  active: true,
  changePassword: false,
  origin: 'google',
})

/** What a restricted administrator (role 1) is granted. */
export const adminPermissions = userCreated.schema.shape.permissions.parse([
  { module: 'campaign', read: true, create: true, update: true },
  { module: 'institution', read: true, create: false, update: true },
  { module: 'category', read: true, create: false, update: false },
  { module: 'historical', read: true, create: false, update: false },
])

export const configurationTemplate: EventDataOf<typeof configurationCreated> = configurationCreated.schema.parse({
  configurationId: 'x',
  settings: { name: 'Fundación Manos que Ayudan', logo: null, gratitudeMessage: '¡Gracias por ayudarnos a ayudar!' },
  home: { showCounters: true, content: 'Trabajamos desde 1998 por la niñez de México.', image: null },
  contact: { email: 'contacto@manosqueayudan.org.mx', phone: '55 5555 0101', address: 'Av. Insurgentes Sur 1000, Ciudad de México' },
  urls: { facebook: 'https://facebook.com/manosqueayudan', twitter: '', instagram: '' },
  providers: { google: true, facebook: true, twitter: false, conekta: true, paypal: true },
  clients: { conekta: 'key_publica', paypal: 'client_id', facebook: 'app_id', google: 'client_id.apps.googleusercontent.com', twitter: '' },
  mailer: { host: 'smtp.manosqueayudan.org.mx', port: 587, user: 'avisos@manosqueayudan.org.mx' },
  pages: { terms: 'Términos y condiciones de uso.', notice: 'Aviso de privacidad.' },
  secretsChanged: [],
})

export const pageTemplate: EventDataOf<typeof pageCreated> = pageCreated.schema.parse({
  pageId: 'x',
  name: 'about-us',
  title: 'x',
  description: '<p>Texto de la página.</p>',
  active: true,
})

export const donationTemplate: EventDataOf<typeof donationApproved> = donationApproved.schema.parse({
  donationId: 'x',
  campaignId: 'x',
  amount: 1,
  fee: 0,
  currency: 'MXN',
  type: 'conekta',
  donor: { email: 'x', name: 'x' },
  userId: null,
  approvedAt: '2025-01-01T00:00:00.000Z',
})

/** Justifications administrators give (event metadata `historical`). */
export const historicalCauses = [
  'Corrección de datos',
  'Solicitud de la institución',
  'Ajuste de la meta',
  'Cambio de imagen',
  'Cierre de campaña',
  'Revisión mensual',
] as const

export const firstNames = ['María', 'José', 'Guadalupe', 'Juan', 'Fernanda', 'Luis', 'Ximena', 'Carlos', 'Sofía', 'Miguel', 'Valeria', 'Jorge'] as const
export const lastNames = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz', 'Flores', 'Gómez'] as const
export const causeNames = ['Útiles escolares', 'Comedor comunitario', 'Becas universitarias', 'Medicamentos', 'Reconstrucción de vivienda', 'Agua potable', 'Refugio animal', 'Bosque urbano'] as const
