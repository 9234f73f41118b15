export function CampaignViewPage() {
  return <main><h1>Campaña</h1></main>
}
