import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateLike,
  formatDateTime,
  formatLocalDateTime,
  intlLocale,
  maskDateTyping,
  parseTypedDate,
  typedDateOf,
} from './dates';

/** Typing one character after another, as the field sees it: each key gets the masked text plus itself. */
const typeOut = (keys: string) => [...keys].reduce((shown, key) => maskDateTyping(shown + key), '');

describe('maskDateTyping', () => {
  it('puts the slashes in as the digits come', () => {
    expect(typeOut('14031985')).toBe('14/03/1985');
    expect(maskDateTyping('14031985')).toBe('14/03/1985');
    expect(typeOut('140')).toBe('14/0');
    expect(typeOut('14')).toBe('14');
  });

  it('keeps the separators the user types, whichever they are', () => {
    expect(typeOut('14/03/1985')).toBe('14/03/1985');
    expect(typeOut('1/3/1985')).toBe('1/3/1985');
    expect(maskDateTyping('14.03.1985')).toBe('14/03/1985');
    expect(maskDateTyping('14-03-1985')).toBe('14/03/1985');
    expect(maskDateTyping('14 03 1985')).toBe('14/03/1985');
    expect(typeOut('14//03')).toBe('14/03');
  });

  it('lets the user erase a slash it put in', () => {
    expect(maskDateTyping('14/')).toBe('14/');
    expect(maskDateTyping('14')).toBe('14');
  });

  it('drops letters and digits past the year', () => {
    expect(maskDateTyping('14a03b1985')).toBe('14/03/1985');
    expect(typeOut('1403198512')).toBe('14/03/1985');
  });

  it('leaves a date pasted as the API writes it for the parser', () => {
    expect(maskDateTyping(' 1985-03-14 ')).toBe('1985-03-14');
  });
});

describe('parseTypedDate', () => {
  it('reads day first with any separator, eight digits, or the API form', () => {
    for (const text of ['14/03/1985', '14.03.1985', '14-03-1985', '14 03 1985', '14031985', '1985-03-14']) {
      expect(parseTypedDate(text)).toEqual({ iso: '1985-03-14' });
    }
    expect(parseTypedDate('1/3/1985')).toEqual({ iso: '1985-03-01' });
  });

  it('refuses days that do not exist', () => {
    expect(parseTypedDate('31/02/2020')).toEqual({ problem: 'impossible' });
    expect(parseTypedDate('31/04/2021')).toEqual({ problem: 'impossible' });
    expect(parseTypedDate('00/01/2020')).toEqual({ problem: 'impossible' });
    expect(parseTypedDate('12/13/2020')).toEqual({ problem: 'impossible' });
    expect(parseTypedDate('01/01/0000')).toEqual({ problem: 'impossible' });
  });

  it('knows the leap years', () => {
    expect(parseTypedDate('29/02/2024')).toEqual({ iso: '2024-02-29' });
    expect(parseTypedDate('29/02/2000')).toEqual({ iso: '2000-02-29' });
    expect(parseTypedDate('29/02/2023')).toEqual({ problem: 'impossible' });
    expect(parseTypedDate('29/02/1900')).toEqual({ problem: 'impossible' });
  });

  it('calls anything shorter incomplete, two-digit years included', () => {
    for (const text of ['', '14', '14/03', '14/03/198', '14/03/85', '140385', 'hier']) {
      expect(parseTypedDate(text)).toEqual({ problem: 'incomplete' });
    }
  });

  it('reads back every day it writes, typed with or without slashes', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const shown = typedDateOf(iso);
          expect(parseTypedDate(shown)).toEqual({ iso });
          expect(typeOut(shown.replaceAll('/', ''))).toBe(shown);
        },
      ),
    );
  });
});

describe('formatting in the screen language, whatever the browser', () => {
  it('writes a calendar date day first in both languages', () => {
    expect(formatDate('1985-03-14', 'fr')).toBe('14/03/1985');
    expect(formatDate('1985-03-14', 'en')).toBe('14/03/1985');
    // The date part of an instant is the day it names, not shifted by any zone.
    expect(formatDate('1985-03-14T23:30:00.000Z', 'fr')).toBe('14/03/1985');
    expect(formatDate(null, 'fr')).toBe('—');
    expect(formatDate('not a date', 'fr')).toBe('not a date');
  });

  it('writes instants in Paris time, summer and winter', () => {
    expect(formatDateTime('2026-01-15T09:05:00Z', 'fr')).toBe('15/01/2026 10:05');
    expect(formatDateTime('2026-07-15T09:05:00Z', 'en')).toBe('15/07/2026, 11:05');
    expect(formatDateTime('2026-12-31T23:30:00Z', 'fr')).toBe('01/01/2027 00:30');
  });

  it('keeps the hour of a wall-clock date-time as typed', () => {
    expect(formatLocalDateTime('2026-01-15T08:30', 'fr')).toBe('15/01/2026 08:30');
    expect(formatLocalDateTime('2026-01-15T08:30', 'en')).toBe('15/01/2026, 08:30');
  });

  it('finds the dates among texts, in the forms the API and the database write them', () => {
    expect(formatDateLike('1985-03-14', 'en')).toBe('14/03/1985');
    expect(formatDateLike('2026-01-15T08:30', 'fr')).toBe('15/01/2026 08:30');
    expect(formatDateLike('2026-01-15 09:05:00+00', 'fr')).toBe('15/01/2026 10:05');
    expect(formatDateLike('2026-01-15 09:05:00.123+01', 'fr')).toBe('15/01/2026 09:05');
    expect(formatDateLike('2026-01-15T09:05:00.000Z', 'en')).toBe('15/01/2026, 10:05');
    expect(formatDateLike('2020-02-31', 'fr')).toBe('2020-02-31');
    expect(formatDateLike('Bilan annuel', 'fr')).toBe('Bilan annuel');
  });

  it('maps a language or a browser tag to the locale of its screen', () => {
    expect(intlLocale('fr')).toBe('fr-FR');
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('en-US')).toBe('en-GB');
  });
});
