import { lazy, Suspense } from 'react'
import { Outlet, useLocation } from '@donaciones/web-kit/router'
import { Loading, usePublicConfig } from '@donaciones/web-kit'
import { Navbar } from './Navbar.tsx'
import { Footer } from './Footer.tsx'
import { WhenNearView } from './WhenNearView.tsx'
import './layout.css'

// The carousels (and their library) are their own chunks: the banner only on the home page,
// the slider when the visitor scrolls towards it.
const HeroBanner = lazy(() => import('./HeroBanner.tsx').then((module) => ({ default: module.HeroBanner })))
const CampaignSlider = lazy(() => import('./CampaignSlider.tsx').then((module) => ({ default: module.CampaignSlider })))

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
      {/* The banner is inside the content: when the visitor leaves the home page it goes with the
          home screen, instead of pulling the next screen up after it has been drawn. */}
      <div id="contenido" className="public-layout__content" tabIndex={-1}>
        {pathname === '/' && (
          <Suspense fallback={<div className="public-banner-placeholder" />}>
            <HeroBanner />
          </Suspense>
        )}
        <Outlet />
      </div>
      <WhenNearView className="public-slider-slot">
        <Suspense fallback={null}>
          <CampaignSlider />
        </Suspense>
      </WhenNearView>
      <Footer config={config} />
    </div>
  )
}
