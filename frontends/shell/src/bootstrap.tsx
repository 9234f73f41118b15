import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from '@donaciones/web-kit/router'
import '@donaciones/web-kit/styles.css'
import { App } from './app/App.tsx'

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  )
}
