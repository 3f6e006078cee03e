import type { ButtonProps } from '@mantine/core';

/**
 * Props of a button whose label wraps inside it on a phone rather than running past its edge or
 * being cut (long French labels such as 'Enregistrer le nouveau mot de passe' at 375 px).
 */
export const wrappingLabel = {
  h: 'auto',
  mih: 36,
  py: 6,
  maw: '100%',
  styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } },
} as const satisfies Partial<ButtonProps>;
