import { socialProviderNames, type PublicConfiguration, type SocialProvider } from '@donaciones/contracts'

const LABELS: Record<SocialProvider, string> = {
  google: 'Continuar con Google',
  facebook: 'Continuar con Facebook',
  twitter: 'Continuar con Twitter',
}

/** One full-page link per social provider the site has switched on (spec §1, §7). */
export function SocialButtons({ providers }: { providers: PublicConfiguration['providers'] }) {
  const enabled = socialProviderNames.filter((name) => providers[name])
  if (enabled.length === 0) return null
  return (
    <div className="auth-social">
      <p className="auth-social__divider"><span>o</span></p>
      {enabled.map((name) => (
        <a key={name} className={`kit-button kit-button--secondary auth-social__button auth-social__button--${name}`} href={`/api/oauth/${name}`}>
          {LABELS[name]}
        </a>
      ))}
    </div>
  )
}
