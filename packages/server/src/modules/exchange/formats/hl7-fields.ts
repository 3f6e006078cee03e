import { defineSegment } from './segments.js';

/** The HL7 v2.5 fields an ORU^R01 fills, by the standard's names and numbers (MSH-9, PID-5, OBX-5). */
export const MSH = defineSegment(
  'MSH',
  {
    encodingCharacters: 2,
    sendingApplication: 3,
    sendingFacility: 4,
    dateTimeOfMessage: 7,
    messageType: 9,
    messageControlId: 10,
    processingId: 11,
    versionId: 12,
    acceptAcknowledgmentType: 15,
    applicationAcknowledgmentType: 16,
    countryCode: 17,
    characterSet: 18,
  },
  2,
);

export const PID = defineSegment('PID', {
  setId: 1,
  patientIdentifierList: 3,
  patientName: 5,
  dateTimeOfBirth: 7,
  administrativeSex: 8,
  identityReliabilityCode: 32,
});

export const ORC = defineSegment('ORC', { orderControl: 1, placerOrderNumber: 2, fillerOrderNumber: 3 });

export const OBR = defineSegment('OBR', {
  setId: 1,
  placerOrderNumber: 2,
  fillerOrderNumber: 3,
  universalServiceIdentifier: 4,
  observationDateTime: 7,
  orderingProvider: 16,
  resultsReportStatusChangeDateTime: 22,
  resultStatus: 25,
  principalResultInterpreter: 32,
});

export const OBX = defineSegment('OBX', {
  setId: 1,
  valueType: 2,
  observationIdentifier: 3,
  observationValue: 5,
  units: 6,
  referencesRange: 7,
  abnormalFlags: 8,
  observationResultStatus: 11,
  dateTimeOfTheObservation: 14,
  dateTimeOfTheAnalysis: 19,
});

export const NTE = defineSegment('NTE', { setId: 1, sourceOfComment: 2, comment: 3 });
