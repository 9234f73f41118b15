import { campaignsWithoutGoalWarning } from '@donaciones/contracts'
import { useQuery } from '@donaciones/web-kit'
import { Link } from '@donaciones/web-kit/router'
import { countActiveCampaignsWithoutGoal } from '../api/configuration-api.ts'

/**
 * Active campaigns without a goal show no donation card (spec §2.3): enabling a provider here does
 * not change that, so the screen says how many there are and links to them.
 */
export function CampaignsWithoutGoalNotice() {
  const { state } = useQuery('/campaigns?without-goal', countActiveCampaignsWithoutGoal)
  if (state.status !== 'success' || state.data === 0) return null
  return (
    <p className="config-page__warning" role="status">
      {campaignsWithoutGoalWarning(state.data)} <Link to="/dashboard/campaign/list">Ver campañas</Link>
    </p>
  )
}
