import { Anchor, Badge, Button, Group, Image, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { PPV_LIMITS, type EmbedVideo } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryTable, type QueryTableColumn } from '../../../components/query-table.tsx';
import { languageName } from '../../../lib/language-name.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { pageCount, TablePager } from '../../employees/index.ts';
import { useEmbedVideos, useToggleSnippet } from '../api/ppv.ts';
import { EmbedKeyCard } from '../components/embed-key-card.tsx';
import { usePpv } from '../components/ppv-layout.tsx';
import { ViewsCard } from '../components/views-card.tsx';
import { PPV_PATHS } from '../ppv-paths.ts';

function SnippetAction({ video }: { video: EmbedVideo }) {
  const { t } = useTranslation();
  const company = useCompany();
  const toggle = useToggleSnippet(company.company_id);
  const pending = toggle.isPending && toggle.variables?.subjectId === video.subject_id;
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        {video.status && (
          <Button component={Link} to={PPV_PATHS.configure(video.subject_id)} size="xs" variant="light">
            {t('ppv.videos.configure')}
          </Button>
        )}
        <Button
          size="xs"
          variant={video.status ? 'default' : 'filled'}
          loading={pending}
          disabled={video.disabled}
          onClick={() => toggle.mutate({ subjectId: video.subject_id, enabled: !video.status })}
          aria-label={`${video.status ? t('ppv.videos.disable') : t('ppv.videos.generate')}: ${video.title}`}
          data-testid={`ppv-toggle-${video.subject_id}`}
        >
          {video.status ? t('ppv.videos.disable') : t('ppv.videos.generate')}
        </Button>
      </Group>
      {toggle.isError && toggle.variables?.subjectId === video.subject_id && (
        <Text c="red" size="xs" role="alert">
          {translateError(t, toggle.error)}
        </Text>
      )}
    </Stack>
  );
}

/** /ppv: the embeddable videos with their snippet state, the views bar and the embed key. */
export function PpvVideosPage() {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const status = usePpv();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const videos = useEmbedVideos(company.company_id, page, debounced, true);
  const total = videos.data?.total ?? 0;

  const columns: QueryTableColumn<EmbedVideo>[] = [
    {
      key: 'thumb',
      header: t('ppv.videos.thumbnail'),
      hiddenHeader: true,
      width: 96,
      card: 'media',
      cell: (video) =>
        video.thumb ? <Image src={video.thumb} alt="" w={80} h={45} radius="sm" fit="cover" /> : null,
    },
    {
      key: 'title',
      header: t('ppv.videos.title'),
      card: 'title',
      cell: (video) =>
        video.status ? (
          <Anchor component={Link} to={PPV_PATHS.configure(video.subject_id)} fw={600} size="sm">
            {video.title}
          </Anchor>
        ) : (
          <Text fw={600} size="sm">
            {video.title}
          </Text>
        ),
    },
    {
      key: 'categories',
      header: t('ppv.videos.categories'),
      cell: (video) => <Text size="sm">{video.categories.join(', ')}</Text>,
    },
    {
      key: 'languages',
      header: t('ppv.videos.languages'),
      cell: (video) => (
        <Text size="sm">{video.languages.map((code) => languageName(code, i18n.language)).join(', ')}</Text>
      ),
    },
    {
      key: 'views',
      header: t('ppv.videos.views'),
      align: 'right',
      cell: (video) => video.views.toLocaleString(i18n.language),
    },
    {
      key: 'status',
      header: t('ppv.videos.snippet'),
      card: 'aside',
      cell: (video) => (
        <Badge
          variant="light"
          // Whole, not cut to an ellipsis when the table is narrow.
          miw="max-content"
          color={video.status ? 'teal' : 'gray'}
          data-testid={`ppv-state-${video.subject_id}`}
        >
          {video.status ? t('ppv.videos.active') : t('ppv.videos.inactive')}
        </Badge>
      ),
    },
  ];
  if (isAdmin) {
    columns.push({
      key: 'actions',
      header: t('ppv.videos.actions'),
      hiddenHeader: true,
      align: 'right',
      card: 'actions',
      cell: (video) => <SnippetAction video={video} />,
    });
  }

  return (
    <>
      <PageHeader title={t('pages.embed')} description={t('ppv.videos.description')} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ViewsCard status={status} />
          <EmbedKeyCard status={status} />
        </SimpleGrid>
        <TextInput
          label={t('ppv.videos.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          maxLength={PPV_LIMITS.searchMax}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={420}
          data-testid="ppv-search"
        />
        <QueryTable
          query={videos}
          rows={videos.data?.rows}
          rowKey={(video) => video.subject_id}
          columns={columns}
          empty={debounced ? t('ppv.videos.noMatch') : t('ppv.videos.empty')}
          minWidth={860}
          cardsOnPhone
          testId="ppv-videos"
          rowTestId={(video) => `ppv-video-${video.subject_id}`}
          footer={
            total > PPV_LIMITS.pageSize && (
              <Group justify="center" mt="md">
                <TablePager
                  page={page}
                  totalPages={pageCount(total, PPV_LIMITS.pageSize)}
                  onChange={setPage}
                />
              </Group>
            )
          }
        />
      </Stack>
    </>
  );
}
