import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { MaterialItem } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { TileTitleButton } from '../../../components/tile-title-button.tsx';
import tile from '../../../components/tile.module.css';
import classes from './tile.module.css';

/** The material images' size: 4:3, drawn at the tile's width. */
const IMAGE_WIDTH = 320;
const IMAGE_HEIGHT = 240;

/** Reinforcement material: a poster, sticker or file to download. */
export function MaterialTile({ material, onOpen }: { material: MaterialItem; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className={tile.tile} padding={0} data-testid="material-tile">
      <img
        className={classes.image}
        src={material.image}
        width={IMAGE_WIDTH}
        height={IMAGE_HEIGHT}
        loading="lazy"
        decoding="async"
        alt=""
      />
      <Stack gap={6} p="md">
        <Group gap="xs">
          <Badge variant="light" size="sm" color="teal">
            {t(`contentBrowser.materialKinds.${material.kind}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {material.languages.map((l) => l.toUpperCase()).join(' · ')}
          </Text>
        </Group>
        <TileTitleButton onClick={onOpen}>{material.title}</TileTitleButton>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {material.description}
        </Text>
      </Stack>
    </Card>
  );
}
