import { Button, Card, EmptyState } from '@mantine/core';
import { IconMoodEmpty, IconSearchOff } from '@tabler/icons-react';
import { CATALOG_MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '../../../lib/translate-message.ts';
import { CATALOG_PATHS } from '../catalog-paths.ts';

interface CatalogEmptyProps {
  /** The address names a category that does not exist. */
  noMatch: boolean;
  /** Clears the search box, offered when there is a search. */
  onClearSearch?: (() => void) | undefined;
}

/** Spec 3 §2.2: 'No subjects found' (or 'No match') and the hint to change the filters. */
export function CatalogEmpty({ noMatch, onClearSearch }: CatalogEmptyProps) {
  const { t } = useTranslation();
  return (
    <Card py={56} data-testid="catalog-empty">
      <EmptyState
        variant="light"
        size="lg"
        icon={noMatch ? <IconSearchOff /> : <IconMoodEmpty />}
        title={translateMessage(t, noMatch ? CATALOG_MESSAGES.noMatch : CATALOG_MESSAGES.noSubjects)}
        description={translateMessage(t, CATALOG_MESSAGES.tryAdjusting)}
      >
        {(noMatch || onClearSearch) && (
          <EmptyState.Actions>
            {onClearSearch && (
              <Button variant="default" onClick={onClearSearch}>
                {t('catalog.clearSearch')}
              </Button>
            )}
            {noMatch && (
              <Button component={Link} to={CATALOG_PATHS.catalog} variant="default">
                {t('catalog.showAll')}
              </Button>
            )}
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Card>
  );
}
