import { NAVBAR_SITE_NAME_CUT } from '@donaciones/contracts'

/** Spec §2.2: the navbar shows at most 35 characters of the site name, then '...'. */
export function navbarSiteName(name: string): string {
  return name.length > NAVBAR_SITE_NAME_CUT ? `${name.slice(0, NAVBAR_SITE_NAME_CUT)}...` : name
}
