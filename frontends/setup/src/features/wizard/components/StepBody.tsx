import type { WizardStep } from '../lib/steps.ts'
import { AdminStep } from './steps/AdminStep.tsx'
import { CategoryStep } from './steps/CategoryStep.tsx'
import { InstitutionStep } from './steps/InstitutionStep.tsx'
import { LegalPageStep } from './steps/LegalPageStep.tsx'
import { LogoStep } from './steps/LogoStep.tsx'
import { MailStep } from './steps/MailStep.tsx'
import { MissionStep } from './steps/MissionStep.tsx'
import { OptionalInstitutionStep } from './steps/OptionalInstitutionStep.tsx'
import { ProductKeyStep } from './steps/ProductKeyStep.tsx'
import { ProviderStep } from './steps/ProviderStep.tsx'
import { TermsStep } from './steps/TermsStep.tsx'
import type { PreviewProps } from '../lib/preview-props.ts'

interface StepBodyProps extends PreviewProps {
  step: WizardStep
  accepted: boolean
  onAcceptedChange: (accepted: boolean) => void
}

/** The fields of the current step. */
export function StepBody({ step, accepted, onAcceptedChange, previews, onPreview }: StepBodyProps) {
  switch (step.kind) {
    case 'terms':
      return <TermsStep accepted={accepted} onAcceptedChange={onAcceptedChange} />
    case 'product-key':
      return <ProductKeyStep />
    case 'institution':
      return <InstitutionStep />
    case 'logo':
      return <LogoStep previews={previews} onPreview={onPreview} />
    case 'mission':
      return <MissionStep previews={previews} onPreview={onPreview} />
    case 'legal-page':
      return <LegalPageStep page={step.page} />
    case 'admin':
      return <AdminStep previews={previews} onPreview={onPreview} />
    case 'mail':
      return <MailStep />
    case 'provider':
      return <ProviderStep provider={step.provider} />
    case 'category':
      return <CategoryStep />
    case 'optional-institution':
      return <OptionalInstitutionStep />
  }
}
