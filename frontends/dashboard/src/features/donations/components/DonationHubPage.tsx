export function DonationHubPage() {
  return <main><h1>Donaciones</h1></main>
}
