import { Badge, useMantineTheme } from '@mantine/core';
import type { RecordStatus, SampleStatus } from '@sil/contract';
import {
  IconArrowBarUp,
  IconCircleCheck,
  IconCircleDashed,
  IconClipboardCheck,
  IconFlask,
  IconHourglass,
  IconMailCheck,
  IconMailForward,
  IconTestPipe,
  IconVaccine,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type StatusKind = 'record' | 'sample';
type Step = RecordStatus | SampleStatus;

/**
 * One colour per step of each vocabulary, in both modes. Colour-blind mode avoids the green/red
 * names (the theme swaps those palettes, which would make two steps share a colour) and spreads
 * the steps over hues that stay apart without red-green vision; the icon names the step as well.
 */
const PALETTES: Record<'normal' | 'colorBlind', Record<StatusKind, readonly string[]>> = {
  normal: {
    record: ['gray', 'blue', 'cyan', 'orange', 'grape', 'green'],
    sample: ['gray', 'blue', 'cyan', 'orange', 'violet', 'green'],
  },
  colorBlind: {
    record: ['gray', 'cyan', 'yellow', 'orange', 'grape', 'blue'],
    sample: ['gray', 'cyan', 'yellow', 'orange', 'grape', 'blue'],
  },
};

const ICONS: Record<StatusKind, readonly (typeof IconFlask)[]> = {
  record: [IconCircleDashed, IconClipboardCheck, IconFlask, IconHourglass, IconMailForward, IconMailCheck],
  sample: [IconCircleDashed, IconTestPipe, IconVaccine, IconArrowBarUp, IconCircleCheck, IconMailCheck],
};

/** The colour of a step, as the badges show it (exported for the tests that hold them apart). */
export function statusColor(kind: StatusKind, step: Step, colorBlind: boolean): string {
  return PALETTES[colorBlind ? 'colorBlind' : 'normal'][kind][step] ?? 'gray';
}

/**
 * A status or progress step as a word in a badge; in colour-blind mode an icon precedes the word,
 * as the appearance settings promise.
 */
export function StatusBadge({ kind, step, children }: { kind: StatusKind; step: Step; children: ReactNode }) {
  const theme = useMantineTheme();
  const colorBlind = theme.other.colorBlind === true;
  const Icon = ICONS[kind][step];
  return (
    <Badge
      color={statusColor(kind, step, colorBlind)}
      variant="light"
      data-status={step}
      data-status-kind={kind}
      leftSection={colorBlind && Icon ? <Icon size={12} stroke={2.2} aria-hidden data-status-icon /> : null}
    >
      {children}
    </Badge>
  );
}
