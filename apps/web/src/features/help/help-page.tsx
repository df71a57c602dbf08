import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconLanguage,
  IconLifebuoy,
  IconMailOpened,
  IconUserShield,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';

const TOPICS = [
  { key: 'signIn', icon: IconMailOpened },
  { key: 'companies', icon: IconBuildingCommunity },
  { key: 'roles', icon: IconUserShield },
  { key: 'language', icon: IconLanguage },
  { key: 'support', icon: IconLifebuoy },
] as const;

/** /help: a short guide to the basics, shown when the company has no help link of its own. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('nav.help')} description={t('help.intro')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {TOPICS.map(({ key, icon: Icon }) => (
          <Card key={key}>
            <ThemeIcon size={40} radius="md" variant="light" mb="md">
              <Icon size={22} />
            </ThemeIcon>
            <Title order={2} fz="lg" mb={6}>
              {t(`help.${key}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`help.${key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
