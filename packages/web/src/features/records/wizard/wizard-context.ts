import { createContext, useContext } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { WizardValues } from './wizard-values';

export interface WizardContextValue {
  form: UseFormReturn<WizardValues>;
  /** Messages under inputs, by contract field name, from the contract's schemas or the server. */
  issues: Readonly<Record<string, string>>;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('A wizard step is rendered outside the add-record wizard');
  return value;
}
