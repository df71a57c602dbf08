import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const DIFFICULTY_COLORS: Record<number, string> = { 1: 'teal', 2: 'yellow', 3: 'red' };

/** A template's difficulty: easy, medium or hard. */
export function DifficultyBadge({ difficulty }: { difficulty: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={DIFFICULTY_COLORS[difficulty] ?? 'gray'} size="sm" tt="none">
      {t(`phishing.difficulty.${difficulty}`)}
    </Badge>
  );
}

/** A template's lure kind (credential harvest, invoice, …). */
export function LureBadge({ lure }: { lure: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="gray" size="sm" tt="none">
      {t(`phishing.lures.${lure}`, { defaultValue: lure })}
    </Badge>
  );
}
