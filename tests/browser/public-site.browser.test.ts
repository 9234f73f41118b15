import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { keyScreen, openPage } from './support/pages.ts'
import { createCampaigns, openCampaignFromGallery, searchCampaign } from './journeys/public-site.ts'

/** The server's scroll page size (services/campaign publicPageSize); 11 campaigns make two pages. */
const PAGE_SIZE = 9
const CAMPAIGNS = 11

let site: BrowserSite
let browser: Browser
let slugs: string[]

const galleryCards = (page: Page) => page.getByRole('list', { name: 'Lista de campañas' }).getByRole('listitem')

/** Whether the element is inside the window and not hidden under the sticky navbar (what is drawn at its centre is it). */
const onScreen = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    if (box.top < 0 || box.bottom > window.innerHeight) return false
    const drawn = document.elementFromPoint(box.left + Math.min(box.width / 2, 20), box.top + box.height / 2)
    return drawn !== null && (element === drawn || element.contains(drawn))
  })

describe('sitio público', () => {
  beforeAll(async () => {
    site = await startBrowserSite()
    const adminToken = await site.configure()
    slugs = await createCampaigns(site, adminToken, 'Campaña Prueba', CAMPAIGNS)
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('el inicio muestra la misión, el contador animado, el banner, el slider y el pie', async () => {
    const { page, consoleErrors } = await openPage(browser, 'inicio')
    await page.goto(site.url)
    const mission = page.getByRole('region', { name: 'Nuestra misión' })
    await mission.getByText('Nuestra misión es ayudar.').waitFor()
    expect(await mission.getByRole('link', { name: 'Más información' }).getAttribute('href')).toBe('/about')

    // showCounters is on: the counter appears and ends on the site's total after 4 s.
    const counter = page.getByTestId('contador-visitas')
    await counter.waitFor()
    await page.waitForTimeout(4300)
    const shown = Number((await counter.textContent())?.replace(/\D/g, ''))
    const { total } = (await (await site.api('/api/counters/visits')).json()) as { total: number }
    // Nothing else visits the site meanwhile: the counter ends exactly on the total (this visit included).
    expect(total).toBeGreaterThanOrEqual(1)
    expect(shown).toBe(total)

    const banner = page.getByRole('region', { name: 'Campañas destacadas' })
    await banner.getByRole('link', { name: /^Ver campaña/ }).first().waitFor()
    await banner.getByRole('button', { name: 'Siguiente: campaña destacada' }).click()
    await banner.getByRole('button', { name: 'Pausar campaña destacada' }).click()
    await banner.getByRole('button', { name: 'Reanudar campaña destacada' }).waitFor()
    // Only the first banner slide loads eagerly.
    const lazy = await banner.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('loading')))
    expect(lazy[0]).toBeNull()
    expect(lazy.slice(1).every((value) => value === 'lazy')).toBe(true)

    // The slider comes when the visitor scrolls down to it.
    await page.mouse.wheel(0, 4000)
    const slider = page.getByRole('region', { name: 'Más campañas' })
    await slider.getByRole('listitem').first().waitFor()
    expect(await slider.getByRole('listitem').count()).toBe(CAMPAIGNS)

    const footer = page.getByRole('contentinfo')
    await footer.getByText('Tu donación hace la diferencia.').waitFor()
    expect(await footer.getByRole('link', { name: /Facebook/ }).getAttribute('href')).toBe('https://facebook.com/fundacion')
    expect(await footer.getByRole('link', { name: /Twitter|Instagram/ }).count()).toBe(0)
    expect(await footer.getByRole('link', { name: 'Aviso de privacidad' }).getAttribute('href')).toBe('/notice-of-privacy')
    expect(await footer.getByRole('link', { name: 'Términos y condiciones' }).getAttribute('href')).toBe('/terms-and-conditions')
    await footer.getByText(`© ${new Date().getFullYear()}`).waitFor()
    await footer.getByText('Av. Reforma 1, CDMX').waitFor()
    await footer.getByRole('link', { name: 'contacto@fundacion.mx' }).waitFor()
    await keyScreen(page, 'inicio')
    expect(consoleErrors).toEqual([])
  })

  it('el contador sube de 0 al total en 4 segundos y no aparece si showCounters está apagado', async () => {
    const { page } = await openPage(browser, 'contador')
    await page.route('**/api/counters/visits', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { total: 1000 } }) : route.continue(),
    )
    await page.goto(site.url)
    const counter = page.getByTestId('contador-visitas')
    await counter.waitFor()
    await page.waitForTimeout(1500)
    const midway = Number((await counter.textContent())?.replace(/\D/g, ''))
    expect(midway).toBeGreaterThan(0)
    expect(midway).toBeLessThan(1000)
    await page.waitForTimeout(3000)
    expect(await counter.textContent()).toBe('1,000')
    await page.getByText('1,000 visitas').waitFor({ state: 'attached' })

    await page.route('**/api/init', async (route) => {
      const response = await route.fetch()
      const config = (await response.json()) as { home: { showCounters: boolean } }
      config.home.showCounters = false
      await route.fulfill({ response, json: config })
    })
    await page.reload()
    await page.getByRole('region', { name: 'Nuestra misión' }).waitFor()
    expect(await page.getByRole('region', { name: 'Visitas' }).count()).toBe(0)
  })

  it('la barra corta el nombre del sitio a 35 caracteres seguidos de "..."', async () => {
    const { page } = await openPage(browser, 'nombre-largo')
    const longName = 'Fundación de Ayuda Comunitaria para Todas las Familias'
    await page.route('**/api/init', async (route) => {
      const response = await route.fetch()
      const config = (await response.json()) as { settings: { name: string } }
      config.settings.name = longName
      await route.fulfill({ response, json: config })
    })
    await page.goto(site.url)
    const header = page.getByRole('banner')
    await header.getByText(`${longName.slice(0, 35)}...`, { exact: true }).waitFor()
    expect(await header.getByText(longName, { exact: true }).count()).toBe(0)

    // The configured (short) name is shown whole.
    await page.unroute('**/api/init')
    await page.reload()
    await header.getByText('Fundación Ejemplo', { exact: true }).waitFor()
  })

  it('la galería carga la siguiente página al llegar al final y abre una campaña', async () => {
    const { page } = await openPage(browser, 'galeria', { viewport: { width: 1280, height: 700 } })
    const pagesAsked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/public/campaigns/scroll/campaigns')) pagesAsked.push(new URL(request.url()).searchParams.get('page') ?? '')
    })
    await page.goto(`${site.url}/campaigns`)
    await page.getByRole('heading', { level: 1, name: 'Campañas' }).waitFor()
    await expect.poll(() => galleryCards(page).count()).toBe(PAGE_SIZE)
    await page.waitForTimeout(500)
    expect(await galleryCards(page).count()).toBe(PAGE_SIZE)
    expect(pagesAsked).toEqual(['1'])
    await galleryCards(page).first().getByText(/^hace /).waitFor()

    await page.mouse.wheel(0, 5000)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect.poll(() => galleryCards(page).count()).toBe(CAMPAIGNS)
    expect(pagesAsked).toEqual(['1', '2'])

    await openCampaignFromGallery(page, 'Campaña Prueba 3')
    expect(new URL(page.url()).pathname).toBe(`/campaigns/${slugs[2]}`)
  })

  it('la búsqueda por título filtra, avisa cuando no hay resultados y se puede reiniciar', async () => {
    const { page } = await openPage(browser, 'busqueda')
    await page.goto(site.url)
    await searchCampaign(page, 'Prueba 1')
    await page.waitForURL(/\/campaigns\?title=Prueba\+1$/)
    await expect.poll(() => galleryCards(page).allTextContents().then((texts) => texts.length)).toBe(3)
    for (const title of ['Campaña Prueba 1', 'Campaña Prueba 10', 'Campaña Prueba 11']) {
      await galleryCards(page).getByRole('link', { name: title, exact: true }).waitFor()
    }

    await searchCampaign(page, 'xyz')
    await page.getByText('No se encontraron resultados').waitFor()
    expect(await galleryCards(page).count()).toBe(0)
    await page.getByRole('link', { name: 'Ver todas las campañas' }).click()
    await page.waitForURL(/\/campaigns$/)
    await expect.poll(() => galleryCards(page).count()).toBe(PAGE_SIZE)

    // Empty text goes back to the normal list too.
    await searchCampaign(page, 'xyz')
    await page.getByText('No se encontraron resultados').waitFor()
    await searchCampaign(page, '   ')
    await page.waitForURL(/\/campaigns$/)
    await expect.poll(() => galleryCards(page).count()).toBe(PAGE_SIZE)

    // ...and reloads it when it is already shown.
    let reloads = 0
    page.on('request', (request) => {
      if (request.url().includes('/api/public/campaigns/scroll/campaigns?page=1')) reloads += 1
    })
    await searchCampaign(page, '')
    await expect.poll(() => reloads).toBe(1)
    await expect.poll(() => galleryCards(page).count()).toBe(PAGE_SIZE)
  })

  it.each([
    { label: 'ancha', viewport: { width: 1280, height: 900 }, mobile: false },
    { label: 'telefono', viewport: { width: 390, height: 844 }, mobile: true },
  ])('tras bajar por la galería, una búsqueda muestra sus resultados desde arriba (pantalla $label)', async ({ label, viewport, mobile }) => {
    const { page } = await openPage(browser, `busqueda-arriba-${label}`, { viewport, mobile })
    await page.goto(site.url)
    await page.getByRole('banner').getByRole('link', { name: 'Fundación Ejemplo' }).waitFor()
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Menú' })
    if (await toggle.isVisible()) await toggle.click()
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Campañas' }).click()
    await page.waitForURL(/\/campaigns$/)
    await expect.poll(() => galleryCards(page).count()).toBe(PAGE_SIZE)
    // Down to the end of the list: the second page arrives, and the visitor is far from the top.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect.poll(() => galleryCards(page).count()).toBe(CAMPAIGNS)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(viewport.height)

    await searchCampaign(page, 'Prueba 1')
    const results = page.getByRole('heading', { level: 1, name: 'Resultados para “Prueba 1”' })
    await results.waitFor()
    await expect.poll(() => galleryCards(page).count()).toBe(3)
    expect(await onScreen(results), 'el título de los resultados se ve').toBe(true)
    expect(await onScreen(galleryCards(page).first()), 'el primer resultado se ve').toBe(true)
    await keyScreen(page, `busqueda-resultados-${label}`)

    // From the bottom again, a search that finds nothing: its notice is on the screen.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await searchCampaign(page, 'xyz')
    const notice = page.getByText('No se encontraron resultados', { exact: true })
    await notice.waitFor()
    expect(await onScreen(page.getByRole('heading', { level: 1, name: 'Resultados para “xyz”' })), 'el título se ve').toBe(true)
    expect(await onScreen(notice), 'el aviso sin resultados se ve').toBe(true)
    expect(await onScreen(page.getByRole('link', { name: 'Ver todas las campañas' })), 'el enlace para reiniciar se ve').toBe(true)
    await keyScreen(page, `busqueda-sin-resultados-${label}`)
  })

  it('las páginas estáticas muestran su título y su contenido', async () => {
    const { page } = await openPage(browser, 'paginas', { expectedConsoleErrors: [/status of 404 .*\/api\/public\/pages\/about-us/] })
    const about = (await (await site.api('/api/public/pages/about-us')).json()) as { title: string }
    await page.goto(site.url)
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Nosotros' }).click()
    await page.getByRole('heading', { level: 1, name: about.title }).waitFor()

    await page.getByRole('contentinfo').getByRole('link', { name: 'Términos y condiciones' }).click()
    await page.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor()
    await page.getByRole('main').getByRole('paragraph').getByText('Términos y condiciones', { exact: true }).waitFor()
    await page.getByRole('contentinfo').getByRole('link', { name: 'Aviso de privacidad' }).click()
    await page.waitForURL(/\/notice-of-privacy$/)
    await page.getByRole('heading', { level: 1, name: 'Aviso de privacidad' }).waitFor()
    await page.getByRole('main').getByRole('paragraph').getByText('Aviso de privacidad', { exact: true }).waitFor()

    // A page the server does not publish (deactivated): a Spanish notice instead of a blank screen.
    await page.route('**/api/public/pages/about-us', (route) => route.fulfill({ status: 404, json: { message: 'Página no encontrada', description: '' } }))
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Nosotros' }).click()
    await page.getByRole('heading', { level: 1, name: 'Página no disponible' }).waitFor()
    await page.getByRole('main').getByRole('link', { name: 'Ir al inicio' }).waitFor()
  })

  it('con el teclado, Tab llega a la búsqueda y a los enlaces con el foco visible', async () => {
    const { page } = await openPage(browser, 'teclado')
    await page.goto(site.url)
    await page.getByRole('searchbox', { name: 'Buscar campañas por título' }).waitFor()
    const reached: string[] = []
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null
        if (!element) return null
        const style = getComputedStyle(element)
        return { name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '', tag: element.tagName, type: element.getAttribute('type'), outline: style.outlineStyle, width: style.outlineWidth }
      })
      if (!focused) continue
      reached.push(focused.type === 'search' ? 'búsqueda' : focused.name)
      expect(focused.outline, `foco visible en ${focused.name || focused.tag}`).not.toBe('none')
      expect(focused.width).not.toBe('0px')
    }
    for (const target of ['búsqueda', 'Inicio', 'Nosotros', 'Campañas', 'Iniciar sesión']) expect(reached).toContain(target)
    expect(reached.indexOf('búsqueda')).toBeLessThan(reached.indexOf('Inicio'))

    // Enter on the focused link navigates.
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Nosotros' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/about$/)
  })

  it('en pantallas angostas los enlaces se abren con el botón de menú', async () => {
    const { page } = await openPage(browser, 'movil', { viewport: { width: 400, height: 800 } })
    await page.goto(site.url)
    const toggle = page.getByRole('button', { name: 'Menú' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await page.getByRole('navigation', { name: 'Principal' }).isVisible()).toBe(false)
    const main = page.getByRole('main')
    const mainTop = async () => (await main.boundingBox())?.y
    const closedTop = await mainTop()
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await page.getByRole('navigation', { name: 'Principal' }).waitFor()
    // The open menu lies over the page: closing it later (a slow phone) shifts nothing.
    expect(await mainTop()).toBe(closedTop)
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Campañas' }).click()
    await page.waitForURL(/\/campaigns$/)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
  })
})
