import { Hl7Context } from '@medplum/core';
import { describe, expect, it } from 'vitest';
import { defineSegment, type FieldValue, namedSegment, Raw } from './segments.js';

const context = new Hl7Context();
const OBX = defineSegment('OBX', { setId: 1, valueType: 2, observationValue: 5, units: 6, dateTime: 14 });
const line = (values: Partial<Record<keyof typeof OBX.fields, FieldValue>>) =>
  namedSegment(context, OBX, values).toString();

describe('a segment filled by field name', () => {
  it('puts each field at its number, whatever the order it is given in, empty ones between', () => {
    expect(line({ units: 'mmol/L', observationValue: '7.21', setId: '1' })).toBe('OBX|1||||7.21|mmol/L');
    expect(line({ dateTime: '20260312', valueType: 'NM' })).toBe('OBX||NM||||||||||||20260312');
  });

  it('leaves out trailing empty fields and trailing empty components', () => {
    expect(line({ setId: '1', valueType: null, units: '' })).toBe('OBX|1');
    expect(line({ setId: '1', observationValue: ['<', '0.5', null, null] })).toBe('OBX|1||||<^0.5');
    expect(line({})).toBe('OBX');
  });

  it('escapes the separators and line breaks inside a value, and writes raw text as it is', () => {
    expect(line({ setId: '1', observationValue: 'a|b^c~d\\e&f\ng' })).toBe(
      'OBX|1||||a\\F\\b\\S\\c\\R\\d\\E\\e\\T\\f\\.br\\g',
    );
    expect(line({ setId: '1', observationValue: new Raw('x^y') })).toBe('OBX|1||||x^y');
  });

  it('writes repetitions with the repetition separator', () => {
    expect(line({ setId: '1', observationValue: [['H'], ['A']] })).toBe('OBX|1||||H~A');
  });

  it('starts a header at field 2: field 1 is the field separator itself', () => {
    const MSH = defineSegment('MSH', { encodingCharacters: 2, sendingApplication: 3, messageType: 9 }, 2);
    const header = namedSegment(context, MSH, {
      encodingCharacters: new Raw(context.getMsh2()),
      sendingApplication: 'SIL',
      messageType: ['ORU', 'R01'],
    });
    expect(header.toString()).toBe('MSH|^~\\&|SIL||||||ORU^R01');
  });
});
