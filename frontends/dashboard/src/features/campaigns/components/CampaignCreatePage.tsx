export function CampaignCreatePage() {
  return <main><h1>Crear campaña</h1></main>
}
