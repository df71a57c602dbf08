import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheckFilled } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@vigil/shared';

interface BrandMarkProps {
  size?: 'sm' | 'md' | 'lg';
  /** The product's name: Vigil, or a white-label partner's account name. */
  name?: string;
}

const SIZES = {
  sm: { icon: 28, text: 'lg' },
  md: { icon: 34, text: 'xl' },
  lg: { icon: 48, text: '1.9rem' },
};

/** The product's mark: a shield and the name Vigil (or the company's white-label account name). */
export function BrandMark({ size = 'md', name = PRODUCT_NAME }: BrandMarkProps) {
  const s = SIZES[size];
  return (
    <Group gap={8} wrap="nowrap" role="img" aria-label={name}>
      <ThemeIcon size={s.icon} radius="md" variant="gradient" gradient={{ from: 'brand.5', to: 'brand.8' }}>
        <IconShieldCheckFilled size={s.icon * 0.62} aria-hidden />
      </ThemeIcon>
      <Text component="span" fw={750} fz={s.text} lts={-0.4} aria-hidden>
        {name}
      </Text>
    </Group>
  );
}
