// The modules each remote exposes (see frontends/<remote>/webpack.config.mjs).
declare module 'public/App' {
  export default function App(): import('react').ReactNode
}
declare module 'setup/App' {
  export default function App(): import('react').ReactNode
}
declare module 'dashboard/App' {
  export default function App(): import('react').ReactNode
}
