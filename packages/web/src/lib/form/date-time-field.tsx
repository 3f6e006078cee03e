import { Group, Input, type MantineSize } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { labWallClock } from '../format/lab-time';
import { DateField } from './date-field';

/** 'YYYY-MM-DDTHH:mm' split into its day (as the date field holds it) and its time of day. */
export function dateTimeParts(value: string): { day: string; time: string } {
  const [day = '', time = ''] = value.split('T');
  return { day, time: time.slice(0, 5) };
}

/**
 * What the field sends: '' when both parts are empty, else 'day' + 'T' + 'time'. A part missing or
 * still being typed travels as it is, so the form's schema refuses it and the user sees why: a
 * collection time is never completed behind their back (midnight is not a guess).
 */
export function joinDateTime(day: string, time: string): string {
  return day === '' && time === '' ? '' : `${day}T${time}`;
}

/** A stored instant as this field holds it: the laboratory's day and time ('' when none). */
export function localDateTimeInput(iso: string | null | undefined): string {
  return iso ? labWallClock(iso) : '';
}

export interface DateTimeFieldProps {
  /** A local date-time, 'YYYY-MM-DDTHH:mm' in the laboratory's time, or ''. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  size?: MantineSize;
  'data-field'?: string;
}

/**
 * A date and a time of day typed the screen's way, with the UI library's calendar and a 24-hour
 * time field, instead of the browser's own date-time input, which follows the browser's language.
 */
export function DateTimeField({
  value,
  onChange,
  onBlur,
  label,
  description,
  error,
  required,
  size,
  'data-field': dataField,
}: DateTimeFieldProps) {
  const { t } = useTranslation();
  const { day, time } = dateTimeParts(value);
  // The part to fix carries the error, so that the focus lands on it: the time when only it is
  // missing, the day otherwise.
  const timeAtFault = Boolean(error) && day !== '' && time === '';
  return (
    <Input.Wrapper label={label} description={description} error={error} withAsterisk={required} size={size}>
      <Group gap={6} wrap="nowrap" align="flex-start" mt={4}>
        <DateField
          value={day}
          onChange={(next) => onChange(joinDateTime(next, time))}
          onBlur={onBlur}
          size={size}
          w="62%"
          error={error && !timeAtFault ? true : undefined}
          aria-label={`${label} · ${t('date_field.day')}`}
          data-field={dataField}
        />
        <TimePicker
          value={time}
          onChange={(next) => onChange(joinDateTime(day, next.slice(0, 5)))}
          onBlur={onBlur}
          format="24h"
          error={timeAtFault || undefined}
          size={size}
          style={{ flex: 1 }}
          aria-label={`${label} · ${t('date_field.time')}`}
          hoursInputLabel={t('date_field.hours')}
          minutesInputLabel={t('date_field.minutes')}
          data-field-part="time"
        />
      </Group>
    </Input.Wrapper>
  );
}
