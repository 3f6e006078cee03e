import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ImportFileType } from '@sil/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { useImportMappings, useParameterChoices, useUpdateImportMappings } from './api';

interface Draft {
  key: number;
  instrument_code: string;
  parameter_id: string | null;
  pcr_cutoff: number | null;
}

let drafted = 0;
const draft = (fields: Omit<Draft, 'key'>): Draft => ({ key: ++drafted, ...fields });

const PCR_TYPES: ReadonlySet<ImportFileType> = new Set([
  'covid19Pcr',
  'rhinoPharyngealPcr',
  'salivaPcr',
  'stdPcr',
  'mst',
  'chlamydia',
  'mycoplasma',
  'neisseria',
]);

/**
 * The mapping of a file type for the chosen machine (or every machine): an administrator says which
 * parameter each instrument code is; codes the last file left unmapped are offered as new lines.
 */
export function MappingSection({
  fileType,
  machineId,
  unmappedCodes,
  canEdit,
}: {
  fileType: ImportFileType;
  machineId: string | null;
  unmappedCodes: string[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('records');
  const mappings = useImportMappings(fileType, machineId, true);
  const { rights } = useSession();
  const parameters = useParameterChoices((rights?.admin_parameters ?? 0) >= 1);
  const save = useUpdateImportMappings();
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const pcr = PCR_TYPES.has(fileType);

  useEffect(() => {
    const own = (mappings.data?.mappings ?? []).filter((line) => line.mapping_machine === machineId);
    const known = new Set(mappings.data?.mappings.map((line) => line.mapping_instrument_code));
    setDrafts([
      ...own.map((line) =>
        draft({
          instrument_code: line.mapping_instrument_code,
          parameter_id: line.mapping_parameter,
          pcr_cutoff: line.mapping_pcr_cutoff,
        }),
      ),
      ...unmappedCodes
        .filter((code) => !known.has(code))
        .map((code) => draft({ instrument_code: code, parameter_id: null, pcr_cutoff: null })),
    ]);
  }, [mappings.data, machineId, unmappedCodes]);

  const inherited = (mappings.data?.mappings ?? []).filter(
    (line) => machineId !== null && line.mapping_machine === null,
  );
  const change = (index: number, patch: Partial<Draft>) =>
    setDrafts((lines) => lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const submit = () =>
    save.mutate(
      {
        file_type: fileType,
        machine_id: machineId,
        mappings: drafts.flatMap((line) =>
          line.parameter_id && line.instrument_code.trim()
            ? [
                {
                  instrument_code: line.instrument_code.trim(),
                  parameter_id: line.parameter_id,
                  pcr_cutoff: line.pcr_cutoff,
                },
              ]
            : [],
        ),
      },
      { onSuccess: () => showToast('success', t('import.mapping_saved')) },
    );

  return (
    <Stack gap="xs" data-import-mapping>
      <Title order={2} fz="h4">
        {machineId ? t('import.mapping_machine') : t('import.mapping_every_machine')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('import.mapping_help')}
      </Text>
      {inherited.length > 0 ? (
        <Text size="sm">
          {t('import.mapping_inherited', {
            codes: inherited
              .map((line) => `${line.mapping_instrument_code} → ${line.parameter_name}`)
              .join(', '),
          })}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={520}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('import.instrument_code')}</Table.Th>
              <Table.Th>{t('import.parameter')}</Table.Th>
              {pcr ? <Table.Th>{t('import.cutoff')}</Table.Th> : null}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {drafts.map((line, index) => (
              <Table.Tr key={line.key} data-mapping-code={line.instrument_code}>
                <Table.Td>
                  <TextInput
                    aria-label={t('import.instrument_code')}
                    value={line.instrument_code}
                    disabled={!canEdit}
                    onChange={(event) => change(index, { instrument_code: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('import.parameter')}
                    placeholder={t('import.unmapped')}
                    data={parameters.data ?? []}
                    value={line.parameter_id}
                    disabled={!canEdit}
                    searchable
                    onChange={(id) => change(index, { parameter_id: id })}
                  />
                </Table.Td>
                {pcr ? (
                  <Table.Td>
                    <NumberInput
                      aria-label={t('import.cutoff')}
                      placeholder="40"
                      min={0}
                      max={99}
                      decimalScale={2}
                      w={100}
                      disabled={!canEdit}
                      value={line.pcr_cutoff ?? ''}
                      onChange={(value) =>
                        change(index, { pcr_cutoff: typeof value === 'number' ? value : null })
                      }
                    />
                  </Table.Td>
                ) : null}
                <Table.Td>
                  {canEdit ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('import.remove_line')}
                      onClick={() => setDrafts((lines) => lines.filter((_, at) => at !== index))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canEdit ? (
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              setDrafts((lines) => [
                ...lines,
                draft({ instrument_code: '', parameter_id: null, pcr_cutoff: null }),
              ])
            }
          >
            {t('import.add_line')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-action="save-mapping">
            {t('import.save_mapping')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
