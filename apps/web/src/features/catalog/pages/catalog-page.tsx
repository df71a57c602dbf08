import {
  Badge,
  CloseButton,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCategories } from '../api/get-categories.ts';
import { filterCatalog, type CatalogCategory } from '../catalog-filter.ts';
import { CatalogEmpty } from '../components/catalog-empty.tsx';
import { CategoryNav, CategoryNavSkeleton } from '../components/category-nav.tsx';
import { SubjectCard, SubjectCardSkeleton } from '../components/subject-card.tsx';
import { useCompany } from '../../../lib/session/index.ts';

const SKELETON_CARDS = 6;
const CARD_COLUMNS = { base: 1, xs: 2, lg: 3 } as const;

function CategorySection({ category, showTitle }: { category: CatalogCategory; showTitle: boolean }) {
  const headingId = `category-${category.id}`;
  return (
    <section aria-labelledby={showTitle ? headingId : undefined}>
      {showTitle && (
        <Group gap="xs" mb="md">
          <Title order={2} fz="lg" id={headingId}>
            {category.name}
          </Title>
          <Badge variant="light" color="gray">
            {category.subjects.length}
          </Badge>
        </Group>
      )}
      <SimpleGrid cols={CARD_COLUMNS} spacing="lg">
        {category.subjects.map((subject) => (
          <SubjectCard key={subject.id} subject={subject} />
        ))}
      </SimpleGrid>
    </section>
  );
}

/** /catalog/:category?: the subjects by category, a category filter and a search (spec 3 §2.2). */
export function CatalogPage() {
  const { t, i18n } = useTranslation();
  const { company_id: companyId } = useCompany();
  const { category: slug } = useParams();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const { categories, isPending } = useCategories(companyId, i18n.language);
  const view = categories && filterCatalog(categories, { slug, search });

  const changeSearch = (value: string) => {
    setSearch(value);
    setParams(value ? { q: value } : {}, { replace: true });
  };
  const keptSearch = search ? `?${new URLSearchParams({ q: search })}` : '';

  return (
    <>
      <PageHeader title={view?.category?.name ?? t('pages.catalog')} description={t('catalog.description')} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          {categories ? (
            <CategoryNav
              categories={categories}
              current={view?.category}
              allActive={!slug}
              search={keptSearch}
            />
          ) : (
            <CategoryNavSkeleton />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="xl">
            <TextInput
              value={search}
              onChange={(event) => changeSearch(event.currentTarget.value)}
              placeholder={t('catalog.search')}
              aria-label={t('catalog.search')}
              leftSection={<IconSearch size={16} />}
              rightSection={
                search ? (
                  <CloseButton aria-label={t('catalog.clearSearch')} onClick={() => changeSearch('')} />
                ) : null
              }
              type="search"
              maw={420}
            />
            {isPending || !view ? (
              <Stack gap="md" aria-busy="true" aria-label={t('catalog.loading')}>
                <Skeleton h={20} w={180} />
                <SimpleGrid cols={CARD_COLUMNS} spacing="lg">
                  {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                    <SubjectCardSkeleton key={i} />
                  ))}
                </SimpleGrid>
              </Stack>
            ) : view.groups.length === 0 ? (
              <CatalogEmpty
                noMatch={view.unknownCategory}
                onClearSearch={search && !view.unknownCategory ? () => changeSearch('') : undefined}
              />
            ) : (
              view.groups.map((category) => (
                <CategorySection key={category.id} category={category} showTitle={!view.category} />
              ))
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
