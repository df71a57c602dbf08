import { Button, Group, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { SubjectDetail } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './slides-player.module.css';

interface SlidesPlayerProps {
  slides: SubjectDetail['slides'];
  title: string;
}

/** A video subject whose video is not there yet: its narrated slides, one at a time. */
export function SlidesPlayer({ slides, title }: SlidesPlayerProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const slide = slides[Math.min(index, slides.length - 1)];
  if (!slide) return null;

  return (
    <section
      aria-roledescription={t('catalog.slides.roledescription')}
      aria-label={title}
      data-testid="slides-player"
    >
      <div
        className={classes.slide}
        role="group"
        aria-roledescription={t('catalog.slides.slide')}
        aria-label={t('catalog.slides.position', { current: index + 1, total: slides.length })}
        aria-live="polite"
      >
        <Text size="xs" tt="uppercase" fw={700} lts={1} opacity={0.75}>
          {t('catalog.slides.position', { current: index + 1, total: slides.length })}
        </Text>
        <Title order={3} fz={{ base: 20, sm: 26 }}>
          {slide.title}
        </Title>
        <Text size="sm" lh={1.6} maw={640}>
          {slide.narration}
        </Text>
      </div>
      <Group justify="space-between" mt="sm" wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={16} />}
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
        >
          {t('catalog.slides.previous')}
        </Button>
        <div className={classes.dots}>
          {slides.map((s, i) => (
            <button
              key={i}
              type="button"
              className={classes.dot}
              aria-current={i === index}
              aria-label={t('catalog.slides.goTo', { number: i + 1, title: s.title })}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={16} />}
          disabled={index === slides.length - 1}
          onClick={() => setIndex(index + 1)}
        >
          {t('catalog.slides.next')}
        </Button>
      </Group>
    </section>
  );
}
