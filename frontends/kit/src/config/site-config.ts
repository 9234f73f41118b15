import { create } from 'zustand'
import type { InitResponse, PublicConfiguration } from '@donaciones/contracts'
import { apiRequest } from '../api/client.ts'

interface SiteConfigState {
  status: 'loading' | 'ready' | 'error'
  config: InitResponse | null
  /** Loads GET /api/init (again after setup or a configuration change). */
  load: () => Promise<void>
}

export const useSiteConfig = create<SiteConfigState>((set) => ({
  status: 'loading',
  config: null,
  load: async () => {
    try {
      const config = await apiRequest<InitResponse>('LOAD_INIT', '/init', { silent: true })
      set({ status: 'ready', config })
    } catch {
      set({ status: 'error' })
    }
  },
}))

/** The configuration of a set-up site; the shell renders remotes only once it is loaded. */
export function usePublicConfig(): PublicConfiguration | null {
  const config = useSiteConfig((state) => state.config)
  return config?.configured ? config : null
}
