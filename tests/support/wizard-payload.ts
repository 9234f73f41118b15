/** The first administrator every configured test site and benchmark signs in with. */
export const adminCredentials = { email: 'admin@fundacion.mx', password: 'Admin#2026x' }

export interface WizardFiles {
  logo: string
  image: string
  thumbnail: string
}

export interface ProviderKeys {
  conekta: { client: string; secret: string }
  paypal: { client: string; secret: string }
}

/** The keys of a payment simulator (tools/provider-sim), in the wizard's shape. */
export function simulatorKeys(sim: { conekta: { publicKey: string; privateKey: string }; paypal: { clientId: string; secret: string } }): ProviderKeys {
  return {
    conekta: { client: sim.conekta.publicKey, secret: sim.conekta.privateKey },
    paypal: { client: sim.paypal.clientId, secret: sim.paypal.secret },
  }
}

/**
 * The whole setup wizard body (spec §2.4) as the browser sends it: uploaded files, an SMTP port,
 * card and wallet providers with `keys`. `overrides` replaces whole sections.
 */
export function wizardBody(files: WizardFiles, smtpPort: number, keys: ProviderKeys, overrides: Record<string, unknown> = {}) {
  return {
    productKey: 'PRODUCTO-2026',
    settings: { name: 'Fundación Ejemplo', logo: files.logo, gratitudeMessage: 'Gracias por tu donación' },
    home: { showCounters: true, content: '<p>Nuestra misión es ayudar.</p>', image: files.image },
    contact: { email: 'contacto@fundacion.mx', phone: '5512345678', address: 'Av. Reforma 1, CDMX' },
    mailer: { auth: { user: 'prueba', pass: 'smtp-secreto' }, host: '127.0.0.1', port: smtpPort },
    pages: { terms: '<p>Términos y condiciones</p>', notice: '<p>Aviso de privacidad</p>' },
    providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: true },
    keys,
    urls: { facebook: 'https://facebook.com/fundacion', twitter: '', instagram: '' },
    user: {
      name: 'Ana',
      lastName: 'Pérez',
      email: adminCredentials.email,
      password: adminCredentials.password,
      confirmation: adminCredentials.password,
      thumbnail: files.thumbnail,
    },
    category: { title: 'Salud', description: 'Campañas de salud' },
    institution: { name: 'Hospital Aliado', description: 'Institución aliada' },
    ...overrides,
  }
}
