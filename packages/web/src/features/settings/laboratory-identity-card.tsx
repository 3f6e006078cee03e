import { Button, Card, Group, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  AUTHOR_SPECIALTIES,
  decideAccess,
  type LaboratoryIdentity,
  LaboratoryIdentityBody,
  routes,
} from '@sil/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { useLaboratoryIdentity, useUpdateLaboratoryIdentity } from './api';

/** The identity's texts as the form holds them, blank where not given; its stamp is sent apart. */
const IdentityFields = LaboratoryIdentityBody.omit({ laboratory_last_updated: true });
type Draft = z.input<typeof IdentityFields>;

const draftOf = (identity: LaboratoryIdentity): Draft => ({
  laboratory_name: identity.laboratory_name,
  laboratory_address: identity.laboratory_address ?? '',
  laboratory_phone: identity.laboratory_phone ?? '',
  laboratory_finess: identity.laboratory_finess ?? '',
  laboratory_accreditation: identity.laboratory_accreditation ?? '',
  laboratory_oid_root: identity.laboratory_oid_root ?? '',
  laboratory_author_specialty: identity.laboratory_author_specialty ?? '',
});

function IdentityForm({
  identity,
  editable,
  save,
}: {
  identity: LaboratoryIdentity;
  editable: boolean;
  save: ReturnType<typeof useUpdateLaboratoryIdentity>;
}) {
  const { t } = useTranslation('records');
  const { t: tTables } = useTranslation('tables');
  const form = useForm<Draft, unknown, z.output<typeof IdentityFields>>({
    resolver: schemaResolver(IdentityFields),
    defaultValues: draftOf(identity),
  });
  const { errors } = form.formState;
  /** The card's own words for its two rules; any other refusal in the forms' common words. */
  const errorOf = (name: keyof Draft) => {
    const message = errors[name]?.message;
    if (!message) return null;
    if (name === 'laboratory_name') return t('laboratory_identity.name_required');
    if (name === 'laboratory_finess') return t('laboratory_identity.finess_invalid');
    if (name === 'laboratory_oid_root') return t('laboratory_identity.oid_invalid');
    return issueText(tTables, message);
  };
  const field = (name: keyof Draft) => ({
    ...form.register(name),
    readOnly: !editable,
    error: errorOf(name),
  });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { ...body, laboratory_last_updated: identity.laboratory_last_updated },
      // The saved identity replaces this form (keyed by its last update): the card, which holds
      // the mutation, stays to say so.
      { onSuccess: () => showToast('success', t('laboratory_identity.saved')) },
    ),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
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
        {/* What the national documents (CR-BIO, DMP) name the laboratory and its biologists by. */}
        <TextInput
          label={t('laboratory_identity.oid_root')}
          description={t('laboratory_identity.oid_root_hint')}
          {...field('laboratory_oid_root')}
        />
        <NativeSelect
          label={t('laboratory_identity.author_specialty')}
          description={t('laboratory_identity.author_specialty_hint')}
          data={[
            { value: '', label: t('laboratory_identity.author_specialty_default') },
            ...Object.entries(AUTHOR_SPECIALTIES).map(([value, label]) => ({
              value,
              label: `${label} (${value})`,
            })),
          ]}
          disabled={!editable}
          {...form.register('laboratory_author_specialty')}
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
  const save = useUpdateLaboratoryIdentity();
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
          save={save}
        />
      ) : (
        <Text c="dimmed">…</Text>
      )}
    </Card>
  );
}
