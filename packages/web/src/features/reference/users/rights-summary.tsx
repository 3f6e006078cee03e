import { Badge, Group, Text } from '@mantine/core';
import { ADMIN_KEYS, type AdminRow, SPECIAL_RIGHTS } from '@sil/contract';
import { useTranslation } from 'react-i18next';

/** A user's rights in a cell: how many areas they reach, and their special rights. */
export function RightsSummary({ user }: { user: AdminRow }) {
  const { t } = useTranslation('tables');
  const areas = ADMIN_KEYS.filter((key) => user.rights[key] > 0).length;
  const specials = SPECIAL_RIGHTS.filter((key) => user.rights[key]);
  return (
    <Group gap={4} wrap="wrap">
      <Text size="sm">{t('users.areas', { count: areas })}</Text>
      {specials.map((key) => (
        <Badge key={key} size="xs" variant="light">
          {t(`users.special.${key}`)}
        </Badge>
      ))}
    </Group>
  );
}
