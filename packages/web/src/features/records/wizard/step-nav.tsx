import {
  Button,
  Group,
  Menu,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconChevronDown, IconExclamationMark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STEPS, SUMMARY_STEP } from './steps';

/** The wizard's steps by name, the summary last: `index` is the step's place, `name` its title. */
function useStepNames(): Array<{ key: string; index: number; name: string }> {
  const { t } = useTranslation('records');
  return [
    ...STEPS.map((item, index) => ({ key: item.key, index, name: t(`steps.${item.key}`) })),
    { key: 'summary', index: SUMMARY_STEP, name: t('wizard.summary') },
  ];
}

type MarkState = 'done' | 'current' | 'later' | 'invalid';

function Mark({ index, state }: { index: number; state: MarkState }) {
  const color = { done: 'teal', current: 'blue', later: 'blue', invalid: 'red' }[state];
  return (
    <ThemeIcon
      size={24}
      radius="xl"
      variant={state === 'later' ? 'default' : 'filled'}
      color={color}
      aria-hidden
    >
      {state === 'done' ? (
        <IconCheck size={14} />
      ) : state === 'invalid' ? (
        <IconExclamationMark size={14} />
      ) : (
        <Text size="xs">{index + 1}</Text>
      )}
    </ThemeIcon>
  );
}

/**
 * The steps of the wizard named, not only numbered: a grid of every step on a wide screen, a menu
 * that names the current step on a phone. Any step can be asked for; the wizard stops earlier
 * when a step on the way holds an invalid input.
 */
export function StepNav({
  step,
  invalid,
  narrow,
  onGo,
}: {
  step: number;
  /** Steps that hold an input refused by the last check or by the server. */
  invalid: ReadonlySet<number>;
  narrow: boolean;
  onGo: (index: number) => void;
}) {
  const { t } = useTranslation('records');
  const steps = useStepNames();
  const stateOf = (index: number): MarkState =>
    invalid.has(index) ? 'invalid' : index < step ? 'done' : index === step ? 'current' : 'later';
  const current = steps[step];

  if (narrow) {
    return (
      <nav aria-label={t('flow.steps')}>
        <Menu width="target" position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              fullWidth
              h="auto"
              py={6}
              justify="space-between"
              rightSection={<IconChevronDown size={16} />}
              // The step's whole name, on two lines if need be, rather than cut.
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
              data-testid="step-menu"
            >
              <Stack gap={0}>
                <Text span size="xs" c="dimmed">
                  {t('flow.step_of', { step: step + 1, count: steps.length })}
                </Text>
                <Text span size="sm" fw={600}>
                  {current?.name}
                </Text>
              </Stack>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {steps.map((item) => (
              <Menu.Item
                key={item.key}
                onClick={() => onGo(item.index)}
                leftSection={<Mark index={item.index} state={stateOf(item.index)} />}
                aria-current={item.index === step ? 'step' : undefined}
                aria-invalid={invalid.has(item.index) ? true : undefined}
                data-step-nav={item.key}
              >
                {item.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Progress value={(step / SUMMARY_STEP) * 100} mt={6} size="sm" aria-hidden />
      </nav>
    );
  }

  return (
    <SimpleGrid component="nav" aria-label={t('flow.steps')} cols={{ base: 3, md: 5, lg: 7 }} spacing={6}>
      {steps.map((item) => {
        const state = stateOf(item.index);
        return (
          <UnstyledButton
            key={item.key}
            onClick={() => onGo(item.index)}
            aria-current={item.index === step ? 'step' : undefined}
            aria-invalid={state === 'invalid' ? true : undefined}
            data-step-nav={item.key}
            px={6}
            py={4}
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              background: item.index === step ? 'var(--mantine-primary-color-light)' : undefined,
            }}
          >
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Mark index={item.index} state={state} />
              <Text size="xs" fw={item.index === step ? 700 : 500} lineClamp={3}>
                {item.name}
              </Text>
            </Group>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
