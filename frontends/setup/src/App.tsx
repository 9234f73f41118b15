import { SetupWizard } from './features/wizard/components/SetupWizard.tsx'

/** The setup remote (`./App`), loaded by the shell only on /configure. */
export default function App() {
  return <SetupWizard />
}
