import type { AssessmentTab } from '@vigil/shared';

export function AssessmentListPage({ tab }: { tab: AssessmentTab }) {
  return <div>{tab}</div>;
}
