import {
  Anchor,
  AspectRatio,
  Box,
  Card,
  Center,
  Image,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { DASHBOARD_LIMITS, type BlogPost } from '@vigil/shared';
import { createElement, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../lib/format-date.ts';
import { BLOG_TAGS, parseSafeHtml, type SafeNode } from '../../lib/safe-html.ts';
import { useBlogPage } from './api/get-blog-posts.ts';
import { DashboardPanel, PanelEmpty } from './dashboard-panel.tsx';

function renderNodes(nodes: SafeNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return node;
    if (node.tag === 'a')
      return (
        <Anchor key={i} href={node.href} target="_blank" rel="noopener noreferrer">
          {renderNodes(node.children)}
        </Anchor>
      );
    return createElement(node.tag, { key: i }, ...renderNodes(node.children));
  });
}

function PostMedia({ media, title }: { media: NonNullable<BlogPost['media']>; title: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      {media.type === 'video' ? (
        <video
          src={media.url}
          poster={media.poster}
          controls
          preload="none"
          playsInline
          aria-label={title}
          style={{ background: 'var(--mantine-color-dark-7)', borderRadius: 'var(--mantine-radius-md)' }}
        />
      ) : (
        <Image src={media.url} alt={title} loading="lazy" radius="md" />
      )}
    </AspectRatio>
  );
}

function PostCard({ post }: { post: BlogPost }) {
  const { i18n } = useTranslation();
  const body = useMemo(() => renderNodes(parseSafeHtml(post.html, BLOG_TAGS)), [post.html]);
  return (
    <Card padding="md" shadow="none" bg="var(--mantine-color-body)" data-testid="blog-post">
      <Stack gap="sm">
        {post.media && <PostMedia media={post.media} title={post.title} />}
        <Box>
          <Text size="xs" c="dimmed" fw={500}>
            {formatLongDate(post.date, i18n.language)}
          </Text>
          <Title order={3} fz="md" mt={2}>
            {post.title}
          </Title>
        </Box>
        <Typography fz="sm" p={0}>
          {body.length > 0 ? body : <p>{post.summary}</p>}
        </Typography>
      </Stack>
    </Card>
  );
}

/** The provider's posts, three a page with their media (spec 1 §2; only for the provider's company). */
export function BlogPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const blog = useBlogPage(page);
  const data = blog.data;
  return (
    <DashboardPanel
      title={t('dashboard.blog.title')}
      error={blog.isError ? blog.error : undefined}
      onRetry={() => void blog.refetch()}
      testId="dashboard-blog"
    >
      {data === undefined ? (
        <SimpleGrid cols={{ base: 1, md: DASHBOARD_LIMITS.blogPerPage }} spacing="lg">
          {Array.from({ length: DASHBOARD_LIMITS.blogPerPage }, (_, i) => (
            <Stack key={i} gap="sm">
              <Skeleton h={160} radius="md" />
              <Skeleton h={10} w="30%" />
              <Skeleton h={14} w="80%" />
              <Skeleton h={10} />
              <Skeleton h={10} w="90%" />
            </Stack>
          ))}
        </SimpleGrid>
      ) : data.posts.length === 0 ? (
        <PanelEmpty
          icon={<IconNews />}
          title={t('dashboard.blog.emptyTitle')}
          description={t('dashboard.blog.emptyText')}
        />
      ) : (
        <>
          <SimpleGrid
            cols={{ base: 1, md: DASHBOARD_LIMITS.blogPerPage }}
            spacing="lg"
            style={{ opacity: blog.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            {data.posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </SimpleGrid>
          {data.pages > 1 && (
            <Center>
              <Pagination
                total={data.pages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label': t(`dashboard.blog.${control}`),
                })}
              />
            </Center>
          )}
        </>
      )}
    </DashboardPanel>
  );
}
