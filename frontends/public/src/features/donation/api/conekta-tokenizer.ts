import { loadScript } from './load-script.ts'

interface TokenizerCard {
  number: string
  name: string
  exp_month: string
  exp_year: string
  cvc: string
}

interface ConektaTokenizer {
  setPublicKey(key: string): void
  Token: {
    create(params: { card: TokenizerCard }, onSuccess: (token: { id: string }) => void, onError: (error: unknown) => void): void
  }
}

/** The provider's browser library turns the card into a single-use token; the card never reaches our server. */
export async function createCardToken(scriptUrl: string, publicKey: string, card: TokenizerCard): Promise<string> {
  await loadScript(scriptUrl)
  const conekta = (window as unknown as { Conekta?: ConektaTokenizer }).Conekta
  if (!conekta) throw new Error('Tokenizador no disponible')
  conekta.setPublicKey(publicKey)
  return new Promise<string>((resolve, reject) => {
    conekta.Token.create({ card }, (token) => resolve(token.id), (error) => reject(error instanceof Error ? error : new Error('Token rechazado')))
  })
}
