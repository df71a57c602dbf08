import { Badge, NavLink, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subjectCount, type CatalogCategory } from '../catalog-filter.ts';
import { CATALOG_PATHS } from '../catalog-paths.ts';
import classes from './category-nav.module.css';

interface CategoryNavProps {
  categories: CatalogCategory[];
  /** The category shown; undefined for all of them or for a category that does not exist. */
  current: CatalogCategory | undefined;
  /** 'All' is the filter in use (no category in the address). */
  allActive: boolean;
  /** The search the links keep (`?q=…`). */
  search: string;
}

/** The catalogue's filter: All, then each category with the number of its subjects. */
export function CategoryNav({ categories, current, allActive, search }: CategoryNavProps) {
  const { t } = useTranslation();
  const item = (key: string, label: string, to: string, count: number, active: boolean) => (
    <NavLink
      key={key}
      component={Link}
      to={{ pathname: to, search }}
      label={label}
      active={active}
      aria-current={active ? 'page' : undefined}
      className={classes.item}
      rightSection={
        <Badge
          size="sm"
          variant={active ? 'filled' : 'light'}
          color={active ? undefined : 'gray'}
          circle={count < 10}
        >
          {count}
        </Badge>
      }
    />
  );
  return (
    <nav aria-label={t('catalog.categories')} className={classes.nav}>
      {item('all', t('catalog.all'), CATALOG_PATHS.catalog, subjectCount(categories), allActive)}
      {categories.map((c) =>
        item(c.id, c.name, CATALOG_PATHS.category(c.name), c.subjects.length, current?.id === c.id),
      )}
    </nav>
  );
}

export function CategoryNavSkeleton() {
  return (
    <Stack gap={10} aria-hidden>
      {[70, 55, 80, 60, 75].map((w) => (
        <Skeleton key={w} h={30} w={`${w}%`} />
      ))}
    </Stack>
  );
}
