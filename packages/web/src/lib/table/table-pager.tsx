import { ActionIcon, Group, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '@sil/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** 'Lines per page' and previous/next with 'page x / y' (spec.md §2 'Reference-data tables'). */
export function TablePager({
  page,
  pages,
  total,
  pageSize,
  onPage,
  onPageSize,
}: {
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation('tables');
  const shownPages = Math.max(pages, 1);
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" data-testid="row-count">
        {t('pager.rows', { count: total })}
      </Text>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{t('pager.lines_per_page')}</Text>
        <Select
          w={80}
          size="xs"
          aria-label={t('pager.lines_per_page')}
          data={PAGE_SIZES.map((size) => String(size))}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(value) => {
            const size = PAGE_SIZES.find((candidate) => String(candidate) === value);
            if (size) onPageSize(size);
          }}
        />
        <ActionIcon
          variant="default"
          aria-label={t('pager.previous')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text size="sm" data-testid="page-position">
          {t('pager.page', { page: Math.min(page, shownPages), pages: shownPages })}
        </Text>
        <ActionIcon
          variant="default"
          aria-label={t('pager.next')}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
