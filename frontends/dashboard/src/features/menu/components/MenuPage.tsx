export function MenuPage() {
  return <main><h1>Panel de administración</h1></main>
}
