export function HomePage() {
  return <main><h1>Inicio</h1></main>
}
