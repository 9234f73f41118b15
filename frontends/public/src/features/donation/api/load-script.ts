const loaded = new Map<string, Promise<void>>()

/** Adds a provider's <script> once per URL; later calls share the same promise. */
export function loadScript(url: string): Promise<void> {
  let promise = loaded.get(url)
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = url
      script.async = true
      script.onload = () => resolve()
      script.onerror = () => {
        loaded.delete(url)
        script.remove()
        reject(new Error(`No se pudo cargar ${url}`))
      }
      document.head.appendChild(script)
    })
    loaded.set(url, promise)
  }
  return promise
}
