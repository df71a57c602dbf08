import { Badge, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsSplit2, IconFlag, IconLock, IconPlayerPlayFilled } from '@tabler/icons-react';
import { CATALOG_MESSAGES, SUBJECT_TYPES, type SubjectSummary } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '../../../lib/translate-message.ts';
import { formatDuration, showsDuration } from '../catalog-filter.ts';
import { CATALOG_PATHS } from '../catalog-paths.ts';
import tile from '../../../components/tile.module.css';
import classes from './subject-card.module.css';

/** The thumbnails' size: 16:9, drawn at the card's width. */
export const THUMB_WIDTH = 480;
export const THUMB_HEIGHT = 270;

export function SubjectThumb({ subject }: { subject: Pick<SubjectSummary, 'thumb' | 'thumbAlt' | 'type'> }) {
  return subject.thumb ? (
    <img
      className={classes.thumb}
      src={subject.thumb}
      width={THUMB_WIDTH}
      height={THUMB_HEIGHT}
      loading="lazy"
      decoding="async"
      alt={subject.thumbAlt ?? ''}
    />
  ) : (
    <div className={classes.placeholder} aria-hidden>
      {subject.type === SUBJECT_TYPES.decision ? (
        <IconArrowsSplit2 size={44} stroke={1.5} />
      ) : subject.type === SUBJECT_TYPES.interactive ? (
        <IconFlag size={44} stroke={1.5} />
      ) : (
        <IconPlayerPlayFilled size={40} />
      )}
    </div>
  );
}

interface SubjectCardProps {
  subject: SubjectSummary;
  /** Opens the subject in place (a preview); without it the card links to the subject's page. */
  onOpen?: () => void;
}

/**
 * A subject in the catalogue: thumbnail, title, duration, a badge for decision and interactive subjects,
 * a lock outside the plan.
 */
export function SubjectCard({ subject, onOpen }: SubjectCardProps) {
  const { t } = useTranslation();
  const title = {
    className: tile.target,
    fw: 650,
    lineClamp: 2,
    ta: 'left',
    children: subject.title,
  } as const;
  return (
    <Card
      padding={0}
      className={`${tile.tile} ${classes.card}`}
      data-disabled={subject.disabled || undefined}
      data-testid="subject-card"
    >
      <div className={classes.media}>
        <SubjectThumb subject={subject} />
        {subject.disabled && (
          <ThemeIcon className={classes.lock} color="dark" radius="xl" size="lg" aria-hidden>
            <IconLock size={18} />
          </ThemeIcon>
        )}
        <div className={classes.overlay}>
          {subject.type === SUBJECT_TYPES.decision ? (
            <Badge color="grape" variant="filled" leftSection={<IconArrowsSplit2 size={12} />}>
              {t('catalog.decision')}
            </Badge>
          ) : subject.type === SUBJECT_TYPES.interactive ? (
            <Badge color="red" variant="filled" leftSection={<IconFlag size={12} />}>
              {t('catalog.interactive')}
            </Badge>
          ) : (
            <span />
          )}
          {showsDuration(subject.type) && (
            <Badge
              color="dark"
              variant="filled"
              ff="monospace"
              aria-label={t('catalog.durationLabel', {
                duration: formatDuration(subject.duration),
              })}
            >
              {formatDuration(subject.duration)}
            </Badge>
          )}
        </div>
      </div>
      <Stack gap={6} p="md">
        {onOpen ? (
          <Text component="button" type="button" onClick={onOpen} {...title} />
        ) : (
          <Text component={Link} to={CATALOG_PATHS.subject(subject.id)} {...title} />
        )}
        <Text size="sm" c="dimmed" lineClamp={2}>
          {subject.description}
        </Text>
        {subject.disabled && (
          <Group gap={6} wrap="nowrap" c="yellow">
            <IconLock size={14} aria-hidden />
            <Text size="xs" fw={600}>
              {translateMessage(t, CATALOG_MESSAGES.unavailable)}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function SubjectCardSkeleton() {
  return (
    <Card padding={0}>
      <Skeleton style={{ aspectRatio: '16 / 9' }} h="auto" radius={0} />
      <Stack gap={8} p="md">
        <Skeleton h={14} w="80%" />
        <Skeleton h={10} w="95%" />
        <Skeleton h={10} w="60%" />
      </Stack>
    </Card>
  );
}
