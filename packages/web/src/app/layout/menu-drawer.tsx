import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The phone's menu drawer. Loaded only by the mobile layout: Mantine's Drawer brings its ScrollArea
 * and Floating UI, which the desktop first load does without.
 */
export default function MenuDrawer({
  opened,
  onClose,
  title,
  closeLabel,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={300}
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      {children}
    </Drawer>
  );
}
