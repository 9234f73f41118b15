export function CampaignListPage() {
  return <main><h1>Campañas</h1></main>
}
