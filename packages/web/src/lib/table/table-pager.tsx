import { ActionIcon, Group, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '@sil/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/numbers';

export interface PagerCounts {
  page: number;
  pages: number;
  total: number;
  /** More rows match than the server counts (countBound): total and pages are lower bounds. */
  capped?: boolean;
}

/**
 * The row count and the position the pager shows: '12 rows', 'Page 2 / 3'; past the server's count
 * bound '2,000+ rows' ('2 000+ lignes') and 'Page 1 / 40+', so that nobody reads a bound as a total.
 */
export function pagerTexts(t: TFunction<'tables'>, language: string, counts: PagerCounts) {
  const shownPages = Math.max(counts.pages, 1);
  const page = Math.min(counts.page, shownPages);
  if (!counts.capped)
    return {
      rows: t('pager.rows', { count: counts.total }),
      position: t('pager.page', { page, pages: shownPages }),
    };
  const number = (value: number) => formatNumber(value, language);
  return {
    rows: t('pager.rows_capped', { rows: `${number(counts.total)}+` }),
    position: t('pager.page', { page: number(page), pages: `${number(shownPages)}+` }),
  };
}

/** 'Rows per page' and previous/next with 'page x / y' (spec.md §2 'Reference-data tables'). */
export function TablePager({
  page,
  pages,
  total,
  capped,
  pageSize,
  onPage,
  onPageSize,
}: Omit<PagerCounts, 'total'> & {
  /** Undefined until the list has answered once. */
  total: number | undefined;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t, i18n } = useTranslation('tables');
  const texts = pagerTexts(t, i18n.language, { page, pages, total: total ?? 0, capped });
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      {total === undefined ? (
        <Text size="sm" c="dimmed" aria-busy="true">
          …
        </Text>
      ) : (
        <Text size="sm" c="dimmed" data-testid="row-count">
          {texts.rows}
        </Text>
      )}
      {/* Two blocks that never break inside: on a phone the page buttons go under the page size. */}
      <Group gap="sm" wrap="wrap" justify="flex-end">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {t('pager.lines_per_page')}
          </Text>
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
        </Group>
        <Group gap="sm" wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={t('pager.previous')}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="page-position">
            {texts.position}
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
    </Group>
  );
}
