import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import 'dayjs/locale/en-gb';
import { ActionIcon, type MantineSize, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskDateTyping, parseTypedDate, typedDateOf } from '../format/dates';

/**
 * The one input of a calendar date in the app. The value is what the API exchanges: 'YYYY-MM-DD',
 * '' when empty, or the text as typed while it names no day (the form's schema then refuses it, so
 * nothing typed is lost or silently changed). The user types DD/MM/YYYY (slashes put in for them)
 * or picks the day in the calendar, whose months and weekdays follow the screen's language.
 */
export interface DateFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  size?: MantineSize;
  w?: number | string;
  'data-field'?: string;
  'data-filter'?: string;
  'aria-label'?: string;
}

/**
 * The calendar's dayjs locale by screen language: English months with days first (en-GB), weeks
 * from Monday as in France. Loaded here, with the calendar, so that screens without a date field
 * (the login page, the dashboard) do not carry dayjs.
 */
const calendarLocale = (language: string) => (language.toLowerCase().startsWith('en') ? 'en-gb' : 'fr');

/** What the field holds for a text the user typed (see {@link DateFieldProps}). */
export function dateValueOf(text: string): string {
  if (text.trim() === '') return '';
  const parsed = parseTypedDate(text);
  return 'iso' in parsed ? parsed.iso : text.trim();
}

export function DateField({ value, onChange, onBlur, error, required, size, ...rest }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(() => typedDateOf(value));
  const [left, setLeft] = useState(false);
  const [picking, setPicking] = useState(false);
  // The value this field last sent: any other value comes from outside (a reset, a loaded row).
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(typedDateOf(value));
    }
  }, [value]);

  const send = (next: string) => {
    sent.current = next;
    onChange(next);
  };
  const type = (raw: string) => {
    const masked = maskDateTyping(raw);
    setText(masked);
    send(dateValueOf(masked));
  };
  const pick = (iso: string | null) => {
    setPicking(false);
    setText(iso ? typedDateOf(iso) : '');
    send(iso ?? '');
  };

  const parsed = text.trim() === '' ? null : parseTypedDate(text);
  const problem = parsed && 'problem' in parsed ? parsed.problem : null;
  // An impossible day shows at once; an unfinished one only once the user has left the field.
  const shown = problem === 'impossible' || (problem === 'incomplete' && left) ? problem : null;
  const picked = parsed && 'iso' in parsed ? parsed.iso : null;

  return (
    <TextInput
      {...rest}
      size={size}
      value={text}
      onChange={(event) => type(event.currentTarget.value)}
      onBlur={() => {
        setLeft(true);
        // A date pasted as '1985-03-14' or typed as '1/3/1985' is shown back the one way: 14/03/1985.
        if (picked) setText(typedDateOf(picked));
        onBlur?.();
      }}
      onFocus={() => setLeft(false)}
      placeholder={t('date_field.placeholder')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      withAsterisk={required}
      error={shown ? t(`date_field.${shown}`) : error}
      data-date-problem={shown ?? undefined}
      rightSection={
        <Popover
          opened={picking}
          onChange={setPicking}
          position="bottom-end"
          shadow="md"
          withinPortal
          trapFocus
        >
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={size === 'xs' ? 'sm' : 'md'}
              aria-label={t('date_field.open_picker')}
              onClick={() => setPicking((open) => !open)}
              data-action="open-date-picker"
            >
              <IconCalendar size={size === 'xs' ? 14 : 18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown data-testid="date-picker">
            <DatePicker
              value={picked}
              defaultDate={picked ?? undefined}
              onChange={pick}
              locale={calendarLocale(i18n.language)}
              firstDayOfWeek={1}
              allowDeselect
              size={size === 'xs' ? 'xs' : 'sm'}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
