export function DonationViewPage({ channel }: { channel: 'paypal' | 'card' | 'oxxo' }) {
  return <main><h1>Donación - Información del registro ({channel})</h1></main>
}
