import { Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { decideAccess, isValidFiness, type LaboratoryIdentity, routes } from '@sil/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { useLaboratoryIdentity, useUpdateLaboratoryIdentity } from './api';

type Draft = Record<
  | 'laboratory_name'
  | 'laboratory_address'
  | 'laboratory_phone'
  | 'laboratory_finess'
  | 'laboratory_accreditation',
  string
>;

const draftOf = (identity: LaboratoryIdentity): Draft => ({
  laboratory_name: identity.laboratory_name,
  laboratory_address: identity.laboratory_address ?? '',
  laboratory_phone: identity.laboratory_phone ?? '',
  laboratory_finess: identity.laboratory_finess ?? '',
  laboratory_accreditation: identity.laboratory_accreditation ?? '',
});

function IdentityForm({ identity, editable }: { identity: LaboratoryIdentity; editable: boolean }) {
  const { t } = useTranslation('records');
  const save = useUpdateLaboratoryIdentity();
  const [draft, setDraft] = useState<Draft>(() => draftOf(identity));
  const [tried, setTried] = useState(false);
  const finess = draft.laboratory_finess.trim();
  const errors = {
    laboratory_name: draft.laboratory_name.trim() === '' ? t('laboratory_identity.name_required') : null,
    laboratory_finess:
      finess !== '' && !isValidFiness(finess) ? t('laboratory_identity.finess_invalid') : null,
  };
  const field = (name: keyof Draft) => ({
    name,
    value: draft[name],
    readOnly: !editable,
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [name]: event.currentTarget.value }),
    error: tried ? ((errors as Partial<Record<keyof Draft, string | null>>)[name] ?? null) : null,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (errors.laboratory_name || errors.laboratory_finess) return;
    // mutateAsync: the saved identity replaces this form (keyed by its last update) before mutate's
    // own callbacks would run.
    save
      .mutateAsync({ ...draft, laboratory_last_updated: identity.laboratory_last_updated })
      .then((saved) => {
        setDraft(draftOf(saved));
        setTried(false);
        showToast('success', t('laboratory_identity.saved'));
      }, notifyApiError);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('laboratory_identity.name')} required {...field('laboratory_name')} />
        <Textarea
          label={t('laboratory_identity.address')}
          autosize
          minRows={2}
          {...field('laboratory_address')}
        />
        <TextInput label={t('laboratory_identity.phone')} {...field('laboratory_phone')} />
        <TextInput
          label={t('laboratory_identity.finess')}
          description={t('laboratory_identity.finess_hint')}
          inputMode="numeric"
          {...field('laboratory_finess')}
        />
        <TextInput
          label={t('laboratory_identity.accreditation')}
          description={t('laboratory_identity.accreditation_hint')}
          {...field('laboratory_accreditation')}
        />
        {editable ? (
          <Group>
            <Button type="submit" loading={save.isPending} data-action="save-laboratory-identity">
              {t('laboratory_identity.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('laboratory_identity.read_only')}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/**
 * The laboratory's identity as its result reports print it in their header: read by the staff,
 * changed by an administrator (admin rights). Reports already validated keep the header they had.
 */
export function LaboratoryIdentityCard() {
  const { t } = useTranslation('records');
  const { rights } = useSession();
  const readable = decideAccess(routes.getLaboratoryIdentity.access, rights).allowed;
  const editable = decideAccess(routes.updateLaboratoryIdentity.access, rights).allowed;
  const identity = useLaboratoryIdentity(readable);
  if (!readable) return null;
  return (
    <Card withBorder radius="md" padding="lg" maw={720} mb="lg" data-testid="laboratory-identity">
      <Title order={2} fz="h4">
        {t('laboratory_identity.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('laboratory_identity.intro')}
      </Text>
      {identity.data ? (
        <IdentityForm
          key={identity.data.laboratory_last_updated}
          identity={identity.data}
          editable={editable}
        />
      ) : (
        <Text c="dimmed">…</Text>
      )}
    </Card>
  );
}
