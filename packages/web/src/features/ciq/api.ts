import type { AcceptCiqRunBody, AddCiqValuesBody, SaveCiqSettingBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export function useMachineCiq(machineId: string | null) {
  return useQuery({
    queryKey: queryKeys.ciq.machine(machineId ?? ''),
    queryFn: () => call('getMachineCiq', { query: { machine_id: machineId ?? '' } }),
    enabled: machineId !== null,
  });
}

export function useCiqChart(settingId: string | null) {
  return useQuery({
    queryKey: queryKeys.ciq.chart(settingId ?? ''),
    queryFn: () => call('getCiqChart', { query: { ciq_setting_id: settingId ?? '' } }),
    enabled: settingId !== null,
  });
}

/** Every CIQ change refreshes the runs and the charts; validation screens read the hold again. */
function useCiqMutation<B>(run: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.ciq.all }),
        client.invalidateQueries({ queryKey: queryKeys.validation.all }),
      ]);
    },
  });
}

export const useCreateCiqRun = () =>
  useCiqMutation((machineId: string) => call('createCiqRecord', { body: { machine_id: machineId } }));
export const useAddCiqValues = () =>
  useCiqMutation((body: AddCiqValuesBody) => call('addCiqValues', { body }));
export const useAcceptCiqRun = () =>
  useCiqMutation((body: AcceptCiqRunBody) => call('acceptCiqRun', { body }));
export const useSendCiqRun = () =>
  useCiqMutation((runId: string) => call('sendCiqRun', { body: { ciq_run_id: runId } }));
export const useSaveCiqSetting = () =>
  useCiqMutation((body: SaveCiqSettingBody) => call('saveCiqSetting', { body }));
