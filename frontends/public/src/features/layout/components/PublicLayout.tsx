import { Outlet, useLocation } from '@donaciones/web-kit/router'
import { Loading, usePublicConfig } from '@donaciones/web-kit'
import { Navbar } from './Navbar.tsx'
import { HeroBanner } from './HeroBanner.tsx'
import { CampaignSlider } from './CampaignSlider.tsx'
import { Footer } from './Footer.tsx'
import './layout.css'

/** The frame of every public screen (spec §2.2): navbar, home banner, the screen, slider and footer. */
export function PublicLayout() {
  const config = usePublicConfig()
  const { pathname } = useLocation()
  // The shell renders the public site only once a configured site's settings are loaded.
  if (!config) return <Loading />
  return (
    <div className="public-layout">
      <a className="public-skip-link" href="#contenido">Saltar al contenido</a>
      <Navbar config={config} />
      {pathname === '/' && <HeroBanner />}
      <div id="contenido" className="public-layout__content" tabIndex={-1}>
        <Outlet />
      </div>
      <CampaignSlider />
      <Footer config={config} />
    </div>
  )
}
