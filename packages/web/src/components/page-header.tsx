import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title every screen shows at its top, with an optional line under it and actions beside. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap">
      <div>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="sm" mt={4}>
            {subtitle}
          </Text>
        ) : null}
      </div>
      {actions}
    </Group>
  );
}
