import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

const TABS = [
  { value: '/settings/company/', labelKey: 'settings.company.tabs.general' },
  { value: '/settings/company/appearance/', labelKey: 'settings.company.tabs.appearance' },
] as const;

/** Company settings' two pages (spec 1 §2): the company itself, and how it looks to its people. */
export function CompanyTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.startsWith('/settings/company/appearance') ? TABS[1].value : TABS[0].value;
  return (
    <Tabs value={current} onChange={(value) => value && navigate(value)} mb="lg" keepMounted={false}>
      <Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            data-testid={`company-tab-${tab.labelKey.split('.').pop()}`}
          >
            {t(tab.labelKey)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
