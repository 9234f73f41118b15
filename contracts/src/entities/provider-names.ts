// Plain lists without zod, so a page that only names the providers (the public /login) does not
// download the schema library; configuration.ts builds the schemas from them.

/** Sign-in and payment providers that can be switched on and off. */
export const providerNames = ['google', 'facebook', 'twitter', 'conekta', 'paypal'] as const

export const socialProviderNames = ['google', 'facebook', 'twitter'] as const
