import {
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  AddNewExternalUserBody,
  AddNewPrescriberUserBody,
  AddNewUserBody,
  EXTERNAL_ACCOUNT_TYPES,
  joinPhone,
  passwordProblems,
  type UserType,
  type WebLocale,
} from '@sil/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { PhoneValue } from '../../../lib/form/field-spec';
import { schemaResolver } from '../../../lib/form/form-resolver';
import { DEFAULT_COUNTRY_CODE } from '../../../lib/form/form-values';
import { issueText } from '../../../lib/form/issue-text';
import { PhoneInput } from '../../../lib/form/phone-input';
import { ReferenceSelect } from '../../../lib/form/reference-select';
import { showToast } from '../../../lib/notify';
import { sha256Hex } from '../../../lib/session';
import { fieldIssues } from '../../../lib/table/field-issues';
import { type NewUser, useAddUser } from '../api';
import { emptyRightsValues, RightsGrid, type RightsValues } from './rights-grid';

/** What the form holds: the fields of the three bodies, named as the bodies name them. */
interface NewUserValues {
  type: UserType;
  user_name: string;
  user_email: string;
  user_phone_num: PhoneValue;
  user_password: string;
  otp_enabled: boolean;
  rights: RightsValues;
  clinic_id: string | null;
  external_account_type: string | null;
  prescriber_id: string | null;
}

const PASSWORD_RULES = 'users.password_rules';

/** The password as typed: checked against the policy here, sent only as its digest. */
const typedPassword = z
  .string()
  .optional()
  .refine((password) => !password || passwordProblems(password).length === 0, { message: PASSWORD_RULES });

/** The three bodies, each checked by the contract's schema of its call, the password as typed. */
const NewUserBody = z.discriminatedUnion('type', [
  AddNewUserBody.extend({ type: z.literal('internal'), user_password: typedPassword }),
  AddNewExternalUserBody.extend({ type: z.literal('external'), user_password: typedPassword }),
  AddNewPrescriberUserBody.extend({ type: z.literal('prescriber'), user_password: typedPassword }),
]);

/**
 * The body of the chosen type, checked by the contract's schema of that call (every wrong field at
 * once, under its input), then the password replaced by its digest.
 */
const NewUserForm = z
  .custom<NewUserValues>()
  .transform(
    ({ rights, user_phone_num: phone, ...values }) =>
      ({
        ...values,
        ...(values.type === 'internal' ? rights : {}),
        user_phone_num: phone.number.trim()
          ? (joinPhone(phone.countryCode, phone.number) ?? phone.number)
          : undefined,
        user_password: values.user_password || undefined,
        clinic_id: values.clinic_id ?? undefined,
        external_account_type: values.external_account_type ?? undefined,
        prescriber_id: values.prescriber_id ?? undefined,
      }) as z.input<typeof NewUserBody>,
  )
  .pipe(NewUserBody)
  .transform(async (checked): Promise<NewUser> => {
    const digest = checked.user_password ? await sha256Hex(checked.user_password) : undefined;
    const bodyOf = <B extends { type: UserType }>({ type: _type, ...body }: B) => ({
      ...body,
      user_password: digest,
    });
    if (checked.type === 'internal') return { type: 'internal', body: bodyOf(checked) };
    if (checked.type === 'external') return { type: 'external', body: bodyOf(checked) };
    return { type: 'prescriber', body: bodyOf(checked) };
  });

/**
 * Creates an internal, external (clinic, medical or billing) or prescriber user through the auth
 * service. Without a password the user receives an invitation e-mail to choose one.
 */
export function NewUserModal({ locale, onClose }: { locale: WebLocale; onClose: () => void }) {
  const { t } = useTranslation('tables');
  const form = useForm<NewUserValues, unknown, NewUser>({
    resolver: schemaResolver(NewUserForm),
    defaultValues: {
      type: 'internal',
      user_name: '',
      user_email: '',
      user_phone_num: { countryCode: DEFAULT_COUNTRY_CODE, number: '' },
      user_password: '',
      otp_enabled: false,
      rights: emptyRightsValues(),
      clinic_id: null,
      external_account_type: 'medical',
      prescriber_id: null,
    },
  });
  const create = useAddUser();
  const submit = form.handleSubmit((user) =>
    create.mutate({ ...user, body: { ...user.body, locale } } as NewUser, {
      onSuccess: (answer) => {
        showToast(
          'success',
          t('toast.successAdd'),
          answer.invitation_sent ? t('users.invitation_sent') : undefined,
        );
        onClose();
      },
      onError: (error) => {
        for (const issue of fieldIssues(error)) {
          form.setError(issue.path as keyof NewUserValues, { type: 'server', message: issue.message });
        }
      },
    }),
  );
  const { errors } = form.formState;
  const error = (field: keyof NewUserValues) => {
    const message = errors[field]?.message;
    return message === PASSWORD_RULES ? t(PASSWORD_RULES) : issueText(t, message);
  };
  // Only a change of type renders the modal again, not every key typed in a field.
  const type = useWatch({ control: form.control, name: 'type' });

  return (
    <Modal opened onClose={onClose} size="xl" title={t('users.new')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <SegmentedControl
                value={field.value}
                onChange={(value) =>
                  field.onChange(
                    value === 'external' ? 'external' : value === 'prescriber' ? 'prescriber' : 'internal',
                  )
                }
                data={(['internal', 'external', 'prescriber'] as const).map((value) => ({
                  value,
                  label: t(`users.types.${value}`),
                }))}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.user_name')}
              {...form.register('user_name')}
              error={error('user_name')}
              required
            />
            <TextInput
              label={t('fields.user_email')}
              type="email"
              {...form.register('user_email')}
              error={error('user_email')}
              required
            />
            <Controller
              control={form.control}
              name="user_phone_num"
              render={({ field }) => (
                <PhoneInput
                  label={t('fields.user_phone_num')}
                  value={field.value}
                  onChange={field.onChange}
                  error={error('user_phone_num')}
                />
              )}
            />
            <PasswordInput
              label={t('users.password')}
              description={t('users.password_hint')}
              {...form.register('user_password')}
              error={error('user_password')}
            />
            <Switch label={t('users.otp')} {...form.register('otp_enabled')} mt="md" />
          </SimpleGrid>
          {type === 'internal' ? (
            <Controller
              control={form.control}
              name="rights"
              render={({ field }) => <RightsGrid value={field.value} onChange={field.onChange} />}
            />
          ) : null}
          {type === 'external' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="clinic_id"
                render={({ field }) => (
                  <ReferenceSelect
                    table="clinics"
                    label={t('fields.clinic_id')}
                    value={field.value}
                    onChange={field.onChange}
                    error={error('clinic_id')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="external_account_type"
                render={({ field }) => (
                  <Select
                    label={t('users.account_type')}
                    data={EXTERNAL_ACCOUNT_TYPES.map((value) => ({
                      value,
                      label: t(`users.account_types.${value}`),
                    }))}
                    value={field.value}
                    onChange={field.onChange}
                    error={error('external_account_type')}
                  />
                )}
              />
            </SimpleGrid>
          ) : null}
          {type === 'prescriber' ? (
            <Controller
              control={form.control}
              name="prescriber_id"
              render={({ field }) => (
                <ReferenceSelect
                  table="prescribers"
                  label={t('fields.prescriber_id')}
                  value={field.value}
                  onChange={field.onChange}
                  error={error('prescriber_id')}
                />
              )}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-action="save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
