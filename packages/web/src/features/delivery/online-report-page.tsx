import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import {
  hrefTo,
  isErrorCode,
  type OnlineReport,
  OnlineReportBody,
  WEB_LOCALES,
  type WebLocale,
} from '@sil/contract';
import { IconDownload, IconMoonStars, IconSunHigh } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { DateField } from '../../lib/form/date-field';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { savePreferences } from '../../lib/preferences';
import { useOpenOnlineReport } from './api';

const blobOf = (report: OnlineReport) =>
  new Blob([Uint8Array.from(atob(report.pdf_base64), (c) => c.charCodeAt(0))], { type: 'application/pdf' });

/** online-report (public): the patient opens their report with the password label and their birth date. */
export function OnlineReportPage({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation('records');
  const dark = useComputedColorScheme('light') === 'dark';
  const open = useOpenOnlineReport();
  const { t: tTables } = useTranslation('tables');
  const form = useForm<z.input<typeof OnlineReportBody>, unknown, z.output<typeof OnlineReportBody>>({
    resolver: schemaResolver(OnlineReportBody),
    defaultValues: { record_number: '', record_password: '', patient_dob: '' },
  });
  const { errors } = form.formState;
  const [url, setUrl] = useState<string | null>(null);
  const submit = form.handleSubmit((body) =>
    open.mutate(body, { onSuccess: (report) => setUrl(URL.createObjectURL(blobOf(report))) }),
  );
  const error = open.error instanceof ApiError && isErrorCode(open.error.code) ? open.error.code : null;
  const report = open.data;
  return (
    <Center p="md" mih="80vh">
      <Card withBorder w="100%" maw={440} padding="lg">
        <Stack>
          {/* The patient has no account: language and theme are chosen here, kept in the browser. */}
          <Group justify="flex-end" gap="xs">
            {WEB_LOCALES.map((other) => (
              <Anchor
                key={other}
                component={Link}
                to={hrefTo(other, 'onlineReport')}
                fw={other === locale ? 700 : 400}
                aria-current={other === locale ? 'page' : undefined}
                size="sm"
                lang={other}
              >
                {other.toUpperCase()}
              </Anchor>
            ))}
            <ActionIcon
              variant="default"
              onClick={() => savePreferences({ theme: dark ? 'light' : 'dark' })}
              aria-label={t(dark ? 'delivery.online_light' : 'delivery.online_dark')}
              data-action="toggle-online-theme"
            >
              {dark ? <IconSunHigh size={16} /> : <IconMoonStars size={16} />}
            </ActionIcon>
          </Group>
          <Title order={1} fz="h3">
            {t('delivery.online_title')}
          </Title>
          {report && url ? (
            <Stack data-testid="online-report-ready">
              <Text>
                {t('delivery.online_ready', { number: report.record_number, lab: report.laboratory_name })}
              </Text>
              <Button
                component="a"
                href={url}
                download={report.filename}
                leftSection={<IconDownload size={18} />}
              >
                {t('delivery.online_download')}
              </Button>
            </Stack>
          ) : (
            <form onSubmit={(event) => void submit(event)}>
              <Stack>
                <Text size="sm" c="dimmed">
                  {t('delivery.online_intro')}
                </Text>
                <TextInput
                  label={t('delivery.online_number')}
                  required
                  autoComplete="off"
                  {...form.register('record_number')}
                  error={issueText(tTables, errors.record_number?.message)}
                />
                <TextInput
                  label={t('delivery.online_password')}
                  required
                  autoComplete="off"
                  {...form.register('record_password')}
                  error={issueText(tTables, errors.record_password?.message)}
                />
                {/* Typed JJ/MM/AAAA as everywhere in the app: a browser's date input follows its own
                    language, and read '12041985' as month 12 in an English browser. */}
                <Controller
                  control={form.control}
                  name="patient_dob"
                  render={({ field }) => (
                    <DateField
                      label={t('delivery.online_dob')}
                      required
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={issueText(tTables, errors.patient_dob?.message)}
                      data-field="patient_dob"
                    />
                  )}
                />
                {error ? (
                  <Alert color="red" data-testid="online-report-error">
                    {t(`translation:errors.${error}`)}
                  </Alert>
                ) : null}
                <Button type="submit" loading={open.isPending} data-action="open-online-report">
                  {t('delivery.online_open')}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
