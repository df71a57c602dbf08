import { Skeleton, Text, type TextProps } from '@mantine/core';

interface TextSkeletonProps extends TextProps {
  /** The bar's height, less than the line's. */
  h: number;
  w: number | string;
}

/**
 * A skeleton bar standing in for one line of text, inside a line of that text's size: the placeholder
 * is exactly as tall as the text that replaces it, so nothing below it moves when the data arrives.
 */
export function TextSkeleton({ h, w, ...text }: TextSkeletonProps) {
  return (
    <Text component="div" {...text}>
      <Skeleton h={h} w={w} display="inline-block" style={{ verticalAlign: 'middle' }} />
    </Text>
  );
}
