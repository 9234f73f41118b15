import type { ReactNode } from 'react'

/** Small inline pictures (no third-party images); the names next to them are the accessible text. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="donation-methods__icon" viewBox="0 0 24 16" width="24" height="16" aria-hidden="true" focusable="false">
      {children}
    </svg>
  )
}

const cardIcon = (
  <Icon>
    <rect x="0.5" y="0.5" width="23" height="15" rx="2" fill="#fff" stroke="currentColor" />
    <rect x="0.5" y="3.5" width="23" height="3" fill="currentColor" />
    <rect x="3" y="10" width="8" height="2" rx="1" fill="currentColor" />
  </Icon>
)

const mastercardIcon = (
  <Icon>
    <circle cx="9" cy="8" r="6" fill="#eb001b" />
    <circle cx="15" cy="8" r="6" fill="#f79e1b" fillOpacity="0.85" />
  </Icon>
)

const storeIcon = (
  <Icon>
    <path d="M3 6h18v9H3z" fill="#fff" stroke="currentColor" />
    <path d="M2 6l2-5h16l2 5z" fill="#b91c1c" />
    <rect x="10" y="9" width="4" height="6" fill="currentColor" />
  </Icon>
)

const walletIcon = (
  <Icon>
    <rect x="1" y="2" width="22" height="13" rx="2" fill="#fff" stroke="currentColor" />
    <path d="M15 7h8v5h-8a2.5 2.5 0 0 1 0-5z" fill="#0b5394" />
  </Icon>
)

const lockIcon = (
  <svg className="donation-secure__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
    <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
    <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
  </svg>
)

/** The payment methods the site accepts (cards and OXXO through the card provider, PayPal) and the secure-payment note. */
export function AcceptedMethods({ cards, paypal }: { cards: boolean; paypal: boolean }) {
  const methods: Array<{ name: string; icon: ReactNode }> = [
    ...(cards
      ? [
          { name: 'Visa', icon: cardIcon },
          { name: 'Mastercard', icon: mastercardIcon },
          { name: 'American Express', icon: cardIcon },
          { name: 'OXXO', icon: storeIcon },
        ]
      : []),
    ...(paypal ? [{ name: 'PayPal', icon: walletIcon }] : []),
  ]
  if (methods.length === 0) return null
  return (
    <div className="donation-methods">
      <p className="donation-methods__title" id="donation-methods-title">Métodos de pago aceptados</p>
      <ul className="donation-methods__list" aria-labelledby="donation-methods-title">
        {methods.map((method) => (
          <li key={method.name} className="donation-methods__item">
            {method.icon}
            <span>{method.name}</span>
          </li>
        ))}
      </ul>
      <p className="donation-secure">
        {lockIcon}
        <span>
          <strong>Pago seguro:</strong> los datos de tu tarjeta viajan cifrados directamente al procesador de pagos; nunca los guardamos.
        </span>
      </p>
    </div>
  )
}
