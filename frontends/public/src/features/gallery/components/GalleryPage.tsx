export function GalleryPage() {
  return <main><h1>Campañas</h1></main>
}
