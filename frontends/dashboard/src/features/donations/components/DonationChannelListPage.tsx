export function DonationChannelListPage({ channel }: { channel: 'paypal' | 'card' | 'oxxo' }) {
  return <main><h1>Donaciones ({channel})</h1></main>
}
