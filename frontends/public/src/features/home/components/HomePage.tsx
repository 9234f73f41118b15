import { Link } from '@donaciones/web-kit/router'
import { Loading, usePublicConfig } from '@donaciones/web-kit'
import { VisitsCounter } from './VisitsCounter.tsx'
import './home.css'

/** Home (spec §2.1): the visits counter when enabled, and the mission with its image. */
export function HomePage() {
  const config = usePublicConfig()
  if (!config) return <Loading />
  const { home, settings } = config
  return (
    <main className="home">
      <h1 className="kit-visually-hidden">{settings.name}</h1>
      {home.showCounters && <VisitsCounter />}
      <section className="home-mission" aria-labelledby="home-mission-title">
        {home.image && <img className="home-mission__image" src={home.image.path} alt="" loading="lazy" />}
        <div className="home-mission__text">
          <h2 id="home-mission-title">Nuestra misión</h2>
          {/* Sanitised on the server when it is saved. */}
          <div className="home-mission__content" dangerouslySetInnerHTML={{ __html: home.content }} />
          {/* 'Más información' alone tells a search engine nothing about where the link goes. */}
          <Link className="kit-button" to="/about">Más información<span className="kit-visually-hidden"> sobre nosotros</span></Link>
        </div>
      </section>
    </main>
  )
}
