export function AssessmentDetailPage() {
  return <div />;
}
