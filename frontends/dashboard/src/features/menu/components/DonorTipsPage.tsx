export function DonorTipsPage() {
  return <main><h1>Tips para hacer donaciones</h1></main>
}
