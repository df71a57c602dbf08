import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheckFilled } from '@tabler/icons-react';

interface BrandMarkProps {
  size?: 'sm' | 'md' | 'lg';
}

const SIZES = {
  sm: { icon: 28, text: 'lg' },
  md: { icon: 34, text: 'xl' },
  lg: { icon: 48, text: '1.9rem' },
};

/** The product's mark: a shield and the name Vigil. */
export function BrandMark({ size = 'md' }: BrandMarkProps) {
  const s = SIZES[size];
  return (
    <Group gap={8} wrap="nowrap" role="img" aria-label="Vigil">
      <ThemeIcon size={s.icon} radius="md" variant="gradient" gradient={{ from: 'brand.5', to: 'brand.8' }}>
        <IconShieldCheckFilled size={s.icon * 0.62} aria-hidden />
      </ThemeIcon>
      <Text component="span" fw={750} fz={s.text} lts={-0.4} aria-hidden>
        Vigil
      </Text>
    </Group>
  );
}
