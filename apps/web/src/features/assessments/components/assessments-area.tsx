import { Outlet } from 'react-router';

/** Every page of /assessment (the availability rules of spec 2 §2 are applied here). */
export function AssessmentsArea() {
  return <Outlet />;
}
