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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneValue } from '../../../lib/form/field-spec';
import { DEFAULT_COUNTRY_CODE } from '../../../lib/form/form-values';
import { issueText } from '../../../lib/form/issue-text';
import { PhoneInput } from '../../../lib/form/phone-input';
import { ReferenceSelect } from '../../../lib/form/reference-select';
import { showToast } from '../../../lib/notify';
import { sha256Hex } from '../../../lib/session';
import { fieldIssues } from '../../../lib/table/field-issues';
import { type NewUser, useAddUser } from '../api';
import { emptyRightsValues, RightsGrid } from './rights-grid';

/**
 * Creates an internal, external (clinic, medical or billing) or prescriber user through the auth
 * service. Without a password the user receives an invitation e-mail to choose one.
 */
export function NewUserModal({ locale, onClose }: { locale: WebLocale; onClose: () => void }) {
  const { t } = useTranslation('tables');
  const [type, setType] = useState<UserType>('internal');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({ countryCode: DEFAULT_COUNTRY_CODE, number: '' });
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState(false);
  const [rights, setRights] = useState(emptyRightsValues);
  const [clinic, setClinic] = useState<string | null>(null);
  const [accountType, setAccountType] = useState<string | null>('medical');
  const [prescriber, setPrescriber] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useAddUser();
  const submit = async () => {
    const problems = password ? passwordProblems(password) : [];
    if (problems.length > 0) {
      setErrors({ user_password: t('users.password_rules') });
      return;
    }
    const base = {
      user_name: name,
      user_email: email,
      user_phone_num: phone.number.trim()
        ? (joinPhone(phone.countryCode, phone.number) ?? phone.number)
        : undefined,
      user_password: password ? await sha256Hex(password) : undefined,
      otp_enabled: otp,
      locale,
    };
    // Checked with the contract's body schema first, so every wrong field shows at once.
    const refuse = (issues: ReadonlyArray<{ path: PropertyKey[]; code: string; message: string }>) => {
      setErrors(
        Object.fromEntries(
          issues.map((issue) => [
            String(issue.path[0] ?? ''),
            issue.code === 'invalid_type' ? 'required' : issue.message,
          ]),
        ),
      );
    };
    setErrors({});
    let user: NewUser;
    if (type === 'internal') {
      const checked = AddNewUserBody.safeParse({ ...base, ...rights });
      if (!checked.success) return refuse(checked.error.issues);
      user = { type, body: checked.data };
    } else if (type === 'external') {
      const checked = AddNewExternalUserBody.safeParse({
        ...base,
        clinic_id: clinic ?? undefined,
        external_account_type: accountType ?? undefined,
      });
      if (!checked.success) return refuse(checked.error.issues);
      user = { type, body: checked.data };
    } else {
      const checked = AddNewPrescriberUserBody.safeParse({ ...base, prescriber_id: prescriber ?? undefined });
      if (!checked.success) return refuse(checked.error.issues);
      user = { type, body: checked.data };
    }
    create.mutate(user, {
      onSuccess: (answer) => {
        showToast(
          'success',
          t('toast.successAdd'),
          answer.invitation_sent ? t('users.invitation_sent') : undefined,
        );
        onClose();
      },
      onError: (error) => {
        setErrors(Object.fromEntries(fieldIssues(error).map((issue) => [issue.path, issue.message])));
      },
    });
  };
  const error = (field: string) => issueText(t, errors[field]);

  return (
    <Modal opened onClose={onClose} size="xl" title={t('users.new')}>
      <Stack>
        <SegmentedControl
          value={type}
          onChange={(value) =>
            setType(value === 'external' ? 'external' : value === 'prescriber' ? 'prescriber' : 'internal')
          }
          data={(['internal', 'external', 'prescriber'] as const).map((value) => ({
            value,
            label: t(`users.types.${value}`),
          }))}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.user_name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error('user_name')}
            required
          />
          <TextInput
            label={t('fields.user_email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error('user_email')}
            required
          />
          <PhoneInput
            label={t('fields.user_phone_num')}
            value={phone}
            onChange={setPhone}
            error={error('user_phone_num')}
          />
          <PasswordInput
            label={t('users.password')}
            description={t('users.password_hint')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error('user_password')}
          />
          <Switch
            label={t('users.otp')}
            checked={otp}
            onChange={(e) => setOtp(e.currentTarget.checked)}
            mt="md"
          />
        </SimpleGrid>
        {type === 'internal' ? <RightsGrid value={rights} onChange={setRights} /> : null}
        {type === 'external' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ReferenceSelect
              table="clinics"
              label={t('fields.clinic_id')}
              value={clinic}
              onChange={setClinic}
              error={error('clinic_id')}
            />
            <Select
              label={t('users.account_type')}
              data={EXTERNAL_ACCOUNT_TYPES.map((value) => ({
                value,
                label: t(`users.account_types.${value}`),
              }))}
              value={accountType}
              onChange={setAccountType}
              error={error('external_account_type')}
            />
          </SimpleGrid>
        ) : null}
        {type === 'prescriber' ? (
          <ReferenceSelect
            table="prescribers"
            label={t('fields.prescriber_id')}
            value={prescriber}
            onChange={setPrescriber}
            error={error('prescriber_id')}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button loading={create.isPending} onClick={() => void submit()} data-action="save">
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
