import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrandYoutube,
  IconExternalLink,
  IconLifebuoy,
  IconPhoto,
  IconPresentation,
  IconRocket,
  IconSpeakerphone,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePartnerAccount } from '../components/partner-layout.tsx';

/** Where the partner programme keeps its material; every link leaves the app (spec 3 §2.6). */
const PORTAL = 'https://partners.vigil.example';

interface Section {
  key: string;
  icon: Icon;
  links: readonly { key: string; href: string }[];
}

const SECTIONS: readonly Section[] = [
  {
    key: 'support',
    icon: IconLifebuoy,
    links: [
      { key: 'helpCentre', href: `${PORTAL}/help` },
      { key: 'contact', href: `${PORTAL}/contact` },
    ],
  },
  {
    key: 'videos',
    icon: IconBrandYoutube,
    links: [
      { key: 'productTour', href: `${PORTAL}/videos/product-tour` },
      { key: 'firstProgram', href: `${PORTAL}/videos/first-program` },
    ],
  },
  {
    key: 'onboarding',
    icon: IconRocket,
    links: [
      { key: 'checklist', href: `${PORTAL}/onboarding/checklist` },
      { key: 'customerWelcome', href: `${PORTAL}/onboarding/customer-welcome` },
    ],
  },
  {
    key: 'sales',
    icon: IconPresentation,
    links: [
      { key: 'deck', href: `${PORTAL}/sales/deck` },
      { key: 'pricing', href: `${PORTAL}/sales/pricing` },
    ],
  },
  {
    key: 'marketing',
    icon: IconSpeakerphone,
    links: [
      { key: 'campaignKit', href: `${PORTAL}/marketing/campaign-kit` },
      { key: 'newsletter', href: `${PORTAL}/marketing/newsletter` },
    ],
  },
  {
    key: 'logo',
    icon: IconPhoto,
    links: [{ key: 'logoPack', href: `${PORTAL}/logo` }],
  },
];

/** /partner/{id}/resources: the partner programme's welcome page, all of it links out. */
export function PartnerResourcesPage() {
  const { t } = useTranslation();
  const account = usePartnerAccount();
  return (
    <>
      <PageHeader
        title={t('partners.resources.title')}
        description={t('partners.resources.welcome', { name: account.name })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="partner-resources">
        {SECTIONS.map(({ key, icon: SectionIcon, links }) => (
          <Card key={key}>
            <Group gap="sm" mb="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="md" variant="light">
                <SectionIcon size={20} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {t(`partners.resources.${key}.title`)}
              </Title>
            </Group>
            <Text size="sm" c="dimmed" mb="sm">
              {t(`partners.resources.${key}.text`)}
            </Text>
            <Stack gap={6}>
              {links.map((link) => (
                <Anchor key={link.key} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={4} wrap="nowrap">
                    {t(`partners.resources.${key}.${link.key}`)}
                    <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
