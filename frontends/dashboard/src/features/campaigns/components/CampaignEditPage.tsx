export function CampaignEditPage() {
  return <main><h1>Editar campaña</h1></main>
}
