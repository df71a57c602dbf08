export function AssessmentWizardPage({ mode }: { mode: 'create' | 'copy' | 'edit' | 'scorm' }) {
  return <div>{mode}</div>;
}
