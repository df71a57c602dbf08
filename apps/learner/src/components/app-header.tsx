import type { LearnerHome } from '@vigil/shared';
import { routeHref, HOME } from '../lib/hash-route.ts';
import { useI18n } from '../i18n/i18n.ts';

/** The company's logo (or name) linking home, and who is signed in. */
export function AppHeader({
  company,
  employee,
  homeHref = routeHref(HOME),
}: {
  company: Pick<LearnerHome['company'], 'name' | 'logo'>;
  /** Absent on the public pages, where nobody is signed in. */
  employee?: LearnerHome['employee'];
  homeHref?: string;
}) {
  const { t } = useI18n();
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <a className="brand" href={homeHref} aria-label={`${company.name} · ${t('appTitle')}`}>
          {company.logo ? (
            <img className="brand-logo" src={company.logo} alt="" />
          ) : (
            <span className="brand-name">{company.name}</span>
          )}
        </a>
        {employee && <span className="topbar-user">{employee.name}</span>}
      </div>
    </header>
  );
}
