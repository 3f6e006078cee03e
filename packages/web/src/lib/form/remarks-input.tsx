import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { parseRangeString } from '@sil/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RemarkValue } from './field-spec';
import { issueText } from './issue-text';

/** Forensic remarks: a range or threshold ('8 - 20', '< 30') checked as typed, and its remark. */
export function RemarksInput({
  label,
  value,
  onChange,
  errors,
}: {
  label: string;
  value: RemarkValue[];
  onChange: (next: RemarkValue[]) => void;
  /** The nested errors of the list as react-hook-form keeps them: per index, per key. */
  errors?: unknown;
}) {
  const { t } = useTranslation('tables');
  const errorAt = (index: number, key: 'range' | 'remark'): string | undefined => {
    if (typeof errors !== 'object' || errors === null) return undefined;
    const entry: unknown = Reflect.get(errors, index);
    if (typeof entry !== 'object' || entry === null) return undefined;
    const issue: unknown = Reflect.get(entry, key);
    return typeof issue === 'object' &&
      issue !== null &&
      'message' in issue &&
      typeof issue.message === 'string'
      ? issueText(t, issue.message)
      : undefined;
  };
  const update = (index: number, change: Partial<RemarkValue>) =>
    onChange(value.map((item, at) => (at === index ? { ...item, ...change } : item)));
  return (
    <Input.Wrapper label={label} description={t('remarks.hint')}>
      <Stack gap={6} mt={4}>
        {value.map((item, index) => {
          const rangeWrong = item.range.trim() !== '' && parseRangeString(item.range) === null;
          return (
            // Rows have no identity of their own; their position is what the server's paths name.
            // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
            <Group key={index} gap={6} wrap="nowrap" align="flex-start">
              <TextInput
                w={130}
                aria-label={t('remarks.range')}
                placeholder="8 - 20"
                value={item.range}
                onChange={(event) => update(index, { range: event.currentTarget.value })}
                error={rangeWrong ? t('issues.rangeString') : errorAt(index, 'range')}
              />
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('remarks.remark')}
                value={item.remark}
                onChange={(event) => update(index, { remark: event.currentTarget.value })}
                error={errorAt(index, 'remark')}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={t('remarks.remove')}
                onClick={() => onChange(value.filter((_, at) => at !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...value, { range: '', remark: '' }])}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('remarks.add')}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
