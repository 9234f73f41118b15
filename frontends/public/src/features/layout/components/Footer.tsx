import { Link } from '@donaciones/web-kit/router'
import type { PublicConfiguration } from '@donaciones/contracts'

const SOCIAL_LINKS = [
  { key: 'twitter', label: 'Twitter' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
] as const

/** Footer of spec §2.2: name, motto, social links that are set, legal links, year and contact. */
export function Footer({ config }: { config: PublicConfiguration }) {
  const socials = SOCIAL_LINKS.filter(({ key }) => config.urls[key].trim() !== '')
  const { contact } = config
  return (
    <footer className="public-footer">
      <div className="public-footer__inner">
        <div className="public-footer__brand">
          <p className="public-footer__name">{config.settings.name}</p>
          <p>Tu donación hace la diferencia.</p>
          {socials.length > 0 && (
            <ul className="public-footer__social" aria-label="Redes sociales">
              {socials.map(({ key, label }) => (
                <li key={key}>
                  <a href={config.urls[key]} target="_blank" rel="noopener noreferrer">
                    {label}
                    <span className="kit-visually-hidden"> (se abre en una pestaña nueva)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav className="public-footer__legal" aria-label="Información legal">
          <Link to="/notice-of-privacy">Aviso de privacidad</Link>
          <Link to="/terms-and-conditions">Términos y condiciones</Link>
        </nav>
        <address className="public-footer__contact">
          <span className="public-footer__heading">Contacto</span>
          {contact.address && <span>{contact.address}</span>}
          {contact.phone && <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>}
          {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
        </address>
      </div>
      <p className="public-footer__copyright">© {new Date().getFullYear()} {config.settings.name}</p>
    </footer>
  )
}
