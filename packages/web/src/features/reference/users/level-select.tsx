import { Select } from '@mantine/core';
import type { PermissionLevel } from '@sil/contract';
import { useTranslation } from 'react-i18next';

const LEVELS: readonly PermissionLevel[] = [0, 1, 2, 3];

/** A permission level of spec.md §6: 0 none, 1 read, 2 read and edit, 3 read, edit and delete. */
export function LevelSelect({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: PermissionLevel;
  onChange: (level: PermissionLevel) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('tables');
  return (
    <Select
      size="xs"
      label={label}
      disabled={disabled}
      allowDeselect={false}
      data={LEVELS.map((level) => ({ value: String(level), label: t(`users.levels.${level}`) }))}
      value={String(value)}
      onChange={(next) => {
        const level = LEVELS.find((candidate) => String(candidate) === next);
        if (level !== undefined) onChange(level);
      }}
    />
  );
}
