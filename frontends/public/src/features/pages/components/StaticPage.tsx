export function StaticPage({ name }: { name: string }) {
  return <main><h1>{name}</h1></main>
}
