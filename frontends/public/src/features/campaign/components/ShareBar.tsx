import { notify } from '@donaciones/web-kit'

/** Share links to the campaign page and a button that copies its address. */
export function ShareBar({ title }: { title: string }) {
  const url = `${window.location.origin}${window.location.pathname}`
  const links = [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { name: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ]
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      notify.success('Enlace copiado')
    } catch {
      notify.warning('No se pudo copiar el enlace', url)
    }
  }
  return (
    <nav className="campaign-share" aria-label="Compartir campaña">
      <span className="campaign-share__label">Compartir:</span>
      {links.map((link) => (
        <a key={link.name} className="campaign-share__link" href={link.href} target="_blank" rel="noopener noreferrer">
          {link.name}<span className="kit-visually-hidden"> (se abre en una ventana nueva)</span>
        </a>
      ))}
      <button type="button" className="kit-button kit-button--secondary" onClick={() => void copy()}>Copiar enlace</button>
    </nav>
  )
}
