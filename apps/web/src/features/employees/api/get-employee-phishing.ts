import { useQuery } from '@tanstack/react-query';
import { EmployeePhishingRecord, PhishingTimeline } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { companyPath } from './employee-keys.ts';

/** The phishing simulations' calls about one employee (modules/phishing); both refused under anonymity. */
const phishingPath = (companyId: string) => `${companyPath(companyId)}/phishing`;

/** GET /companies/{id}/phishing/employees/{employeeId}: the employee's simulations, newest first. */
export function useEmployeePhishing(companyId: string, employeeId: string) {
  return useQuery({
    queryKey: ['employees', companyId, 'phishing', employeeId] as const,
    queryFn: ({ signal }) =>
      apiFetch(
        `${phishingPath(companyId)}/employees/${encodeURIComponent(employeeId)}`,
        EmployeePhishingRecord,
        { signal },
      ),
    enabled: employeeId !== '',
  });
}

/** GET …/phishing/{simulationId}/employees/{employeeId}/timeline, once a simulation is chosen. */
export function useEmployeePhishingTimeline(
  companyId: string,
  employeeId: string,
  simulationId: string | null,
) {
  return useQuery({
    queryKey: ['employees', companyId, 'phishing', employeeId, 'timeline', simulationId] as const,
    queryFn: ({ signal }) =>
      apiFetch(
        `${phishingPath(companyId)}/${encodeURIComponent(simulationId ?? '')}/employees/${encodeURIComponent(employeeId)}/timeline`,
        PhishingTimeline,
        { signal },
      ),
    enabled: simulationId !== null,
  });
}
