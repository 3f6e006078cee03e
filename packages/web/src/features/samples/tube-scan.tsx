import { Badge, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/notify';
import { sampleOfNumber, useReceiveSample } from './api';

type Mode = 'open' | 'receive';
export interface ScannedTube {
  /** The scan's rank: the same tube may be scanned twice. */
  id: number;
  number: string;
  outcome: 'received' | 'already' | 'refused';
  /** The record received, or why the tube was refused. */
  detail: string;
}

const COLORS = { received: 'green', already: 'gray', refused: 'red' } as const;

/**
 * The samples list's scan field (issue 40): a USB reader types the tube's sample number and Enter.
 * By default the scan opens the sample's results; at reception each scan receives the tube's record
 * and adds a line to the list of what was received or refused (with why), ready for the next tube.
 */
export function TubeScan({ onOpen }: { onOpen: (sampleId: string) => void }) {
  const { t } = useTranslation('records');
  const [mode, setMode] = useState<Mode>('open');
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [scanned, setScanned] = useState<ScannedTube[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const receiving = useReceiveSample();
  const count = useRef(0);
  const add = (tube: Omit<ScannedTube, 'id'>) => {
    count.current += 1;
    const id = count.current;
    setScanned((before) => [{ ...tube, id }, ...before]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const number = value.trim();
    setValue('');
    setMissing(null);
    input.current?.focus();
    if (number === '') return;
    if (mode === 'open') {
      const sample = await sampleOfNumber(number).catch(() => null);
      if (sample) onOpen(sample.sample_id);
      else setMissing(number);
      return;
    }
    try {
      const answer = await receiving.mutateAsync(number);
      const record = t('tube_scan.record', { number: answer.record.record_number });
      add({ number, outcome: answer.already_received ? 'already' : 'received', detail: record });
    } catch (error) {
      add({
        number,
        outcome: 'refused',
        detail: error instanceof ApiError ? errorMessage(error.code) : String(error),
      });
    }
  };

  const outcomeLabel = (tube: ScannedTube) =>
    t(`tube_scan.${tube.outcome === 'already' ? 'already_received' : tube.outcome}`);
  return (
    <Stack gap="xs" mb="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            ref={input}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            label={t('tube_scan.label')}
            placeholder={t('tube_scan.placeholder')}
            leftSection={<IconBarcode size={16} />}
            autoComplete="off"
            error={missing ? `${t('tube_scan.not_found')} : ${missing}` : undefined}
            style={{ flex: 1, minWidth: 220 }}
            data-testid="tube-scan"
          />
          <SegmentedControl
            value={mode}
            onChange={(next) => {
              setMode(next as Mode);
              input.current?.focus();
            }}
            data={[
              { value: 'open', label: t('tube_scan.mode_open') },
              { value: 'receive', label: t('tube_scan.mode_receive') },
            ]}
            data-testid="tube-scan-mode"
          />
        </Group>
      </form>
      {scanned.length > 0 ? (
        <Table
          withTableBorder
          verticalSpacing={4}
          data-testid="scanned-tubes"
          aria-label={t('tube_scan.list_title')}
        >
          <Table.Tbody>
            {scanned.map((tube) => (
              <Table.Tr key={tube.id} data-outcome={tube.outcome}>
                <Table.Td ff="monospace">{tube.number}</Table.Td>
                <Table.Td>
                  <Badge color={COLORS[tube.outcome]} variant="light" size="sm">
                    {outcomeLabel(tube)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{tube.detail}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
