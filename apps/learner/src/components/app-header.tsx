import type { Brand, LearnerHome } from '@vigil/shared';
import { routeHref, HOME } from '../lib/hash-route.ts';
import { useI18n } from '../i18n/i18n.ts';

/** The company's logo (or name) linking home, and who is signed in. */
export function AppHeader({
  brand,
  employee,
  homeHref = routeHref(HOME),
}: {
  brand: Pick<Brand, 'companyName' | 'logoUrl'>;
  /** Absent on the public pages, where nobody is signed in. */
  employee?: LearnerHome['employee'];
  homeHref?: string;
}) {
  const { t } = useI18n();
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <a className="brand" href={homeHref} aria-label={`${brand.companyName} · ${t('appTitle')}`}>
          {brand.logoUrl ? (
            <img className="brand-logo" src={brand.logoUrl} alt="" />
          ) : (
            <span className="brand-name">{brand.companyName}</span>
          )}
        </a>
        {employee && <span className="topbar-user">{employee.name}</span>}
      </div>
    </header>
  );
}
