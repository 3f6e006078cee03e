import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import {
  CIVILITIES,
  cogKind,
  IDENTITY_STATUSES,
  INS_KINDS,
  INS_OIDS,
  isNiaOid,
  isValidNir,
  PATIENT_GENDERS,
  TITLES,
} from '@sil/contract';
import { IconCheck, IconId, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, showToast } from '../../../lib/notify';
import { useInsLookup } from '../api';
import { WSelect, WText } from './fields';
import { useWizard } from './wizard-context';

/** Live verdict on the NIR as typed: its key checked once the 15 characters are there. */
function NirState({ text }: { text: string }) {
  const { t } = useTranslation('records');
  const compact = text.replace(/\s/g, '');
  if (compact.length < 15) return compact ? <Text size="xs">{t('identity.nir_typing')}</Text> : null;
  return isValidNir(compact) ? (
    <Text size="xs" c="green" data-nir="valid">
      <IconCheck size={12} /> {t('identity.nir_valid')}
    </Text>
  ) : (
    <Text size="xs" c="red" data-nir="invalid">
      <IconX size={12} /> {t('identity.nir_invalid')}
    </Text>
  );
}

function CogState({ text }: { text: string }) {
  const { t } = useTranslation('records');
  if (!text.trim()) return <>{t('identity.cog_hint')}</>;
  const kind = cogKind(text);
  return kind ? (
    t(`identity.cog_${kind}`)
  ) : (
    <Text span size="xs" c="red">
      {t('identity.cog_invalid')}
    </Text>
  );
}

/** Step 2: the identity, with the national INS teleservice looked up from the five traits. */
export function StepIdentity() {
  const { t } = useTranslation('records');
  const { form } = useWizard();
  const looking = useInsLookup();
  const nir = form.watch('patient_nir');
  const birthplace = form.watch('patient_birthplace');

  const lookUp = () => {
    const v = form.getValues();
    const gender = PATIENT_GENDERS.find((g) => g === v.patient_gender);
    const lastName = (v.patient_birth_name || v.patient_surname).trim();
    if (!gender || !lastName || !v.patient_name.trim() || !v.patient_dob) {
      showToast('warning', t('identity.ins_lookup'), t('identity.ins_traits_needed'));
      return;
    }
    looking.mutate(
      {
        last_name: lastName,
        first_name: v.patient_name.trim(),
        sex: gender,
        birthday: v.patient_dob,
        birth_place: v.patient_birthplace.trim() || undefined,
      },
      {
        onSuccess: (answer) => {
          // spec.md §8 'INS lookup answers': 1 none, 2 found (NIA warned), 3 several.
          if (answer.i_insIdentityResult === 2 && answer.Identity) {
            const ins = answer.Identity.Ins;
            form.setValue('patient_ins', `${ins.s_value}${ins.s_key}`, { shouldDirty: true });
            form.setValue('patient_ins_oid', ins.s_oid, { shouldDirty: true });
            if (!v.patient_birth_name) form.setValue('patient_birth_name', answer.Identity.s_birthName);
            if (v.patient_identity_status === '' || v.patient_identity_status === 'provisional')
              form.setValue('patient_identity_status', 'retrieved', { shouldDirty: true });
            showToast('success', t('identity.ins_lookup'), t('toast.getINS'));
            if (isNiaOid(ins.s_oid)) showToast('warning', t('identity.ins_lookup'), t('toast.insNIA'));
          } else if (answer.i_insIdentityResult === 3) {
            showToast('warning', t('identity.ins_lookup'), t('toast.multipleInsIdentity'));
          } else {
            showToast('warning', t('identity.ins_lookup'), t('toast.noInsIdentity'));
          }
        },
        onError: notifyApiError,
      },
    );
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
      <WSelect
        field="patient_civility"
        data={CIVILITIES.map((value) => ({ value, label: t(`civilities.${value}`) }))}
      />
      <WSelect field="patient_title" data={TITLES.map((value) => ({ value, label: value }))} />
      <WSelect
        field="patient_gender"
        data={PATIENT_GENDERS.map((value) => ({ value, label: t(`genders.${value}`) }))}
      />
      <WText field="patient_surname" />
      <WText field="patient_name" />
      <WText field="patient_birth_name" />
      <WText field="patient_dob" type="date" />
      <WText field="patient_birthplace" description={<CogState text={birthplace} />} />
      <WText field="patient_nir" description={<NirState text={nir} />} />
      <WText field="patient_ins" />
      <WSelect
        field="patient_ins_oid"
        data={INS_KINDS.map((kind) => ({ value: INS_OIDS[kind], label: t(`ins_kinds.${kind}`) }))}
      />
      <WSelect
        field="patient_identity_status"
        data={IDENTITY_STATUSES.map((value) => ({ value, label: t(`identity_statuses.${value}`) }))}
      />
      <Group align="flex-end">
        <Button
          variant="light"
          leftSection={<IconId size={16} />}
          loading={looking.isPending}
          onClick={lookUp}
          data-action="ins-lookup"
        >
          {t('identity.ins_lookup')}
        </Button>
      </Group>
    </SimpleGrid>
  );
}
