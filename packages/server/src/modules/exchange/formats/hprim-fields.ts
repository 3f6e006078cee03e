import { defineSegment } from './segments.js';

/**
 * The HPRIM Santé 2.2 records of a result message and the fields it fills, numbered as HL7 numbers
 * the segments HPRIM borrows (OBR, OBX): the header's field 1 is the field separator, as in MSH.
 */
export const H = defineSegment(
  'H',
  {
    encodingCharacters: 2,
    messageName: 3,
    sender: 5,
    senderAddress: 6,
    messageType: 7,
    senderPhone: 8,
    receiver: 10,
    processingId: 12,
    version: 13,
    dateTimeOfMessage: 14,
  },
  2,
);

export const P = defineSegment('P', {
  sequenceNumber: 1,
  laboratoryPatientId: 3,
  nationalIdentifier: 4,
  patientName: 5,
  birthName: 6,
  dateOfBirth: 7,
  sex: 8,
});

export const OBR = defineSegment('OBR', {
  sequenceNumber: 1,
  fillerOrderNumber: 3,
  universalServiceIdentifier: 4,
  observationDateTime: 7,
  orderingProvider: 16,
  resultsReportDateTime: 22,
  resultStatus: 25,
});

export const OBX = defineSegment('OBX', {
  sequenceNumber: 1,
  valueType: 2,
  observationIdentifier: 3,
  observationValue: 5,
  units: 6,
  referencesRange: 7,
  abnormalFlags: 8,
  resultStatus: 11,
  dateTimeOfObservation: 14,
  responsibleObserver: 16,
});

/** A comment: the record's conclusion. */
export const C = defineSegment('C', { sequenceNumber: 1, commentText: 3 });

/** The end of the message: how many patients and how many records (H excepted) it holds. */
export const L = defineSegment('L', { sequenceNumber: 1, patientCount: 3, recordCount: 4 });
