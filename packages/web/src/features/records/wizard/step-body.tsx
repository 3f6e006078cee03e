import type { PatientRow } from '@sil/contract';
import type { OfferedAnalysis } from './quick-selections';
import type { ResourceFormRenderer } from './resource-forms';
import { type NabmConflict, StepAnalyses } from './step-analyses';
import { StepIdentity } from './step-identity';
import { StepPatient } from './step-patient';
import { StepContact, StepInsurance, StepPatientExtra, StepPhysiology } from './step-patient-details';
import {
  StepClinical,
  StepCollection,
  StepRecordExtra,
  StepReport,
  StepSpecial,
} from './step-record-details';
import { STEPS } from './steps';

/** The inputs of one step of the wizard. */
export function StepBody(props: {
  step: number;
  patient: PatientRow | null;
  recordId: string | null;
  onChoosePatient: (patient: PatientRow) => void;
  onSkipPatient: () => void;
  analyses: readonly OfferedAnalysis[];
  conflicts: readonly NabmConflict[];
  renderResourceForm: ResourceFormRenderer;
}) {
  switch (STEPS[props.step]?.key) {
    case 'patient':
      return (
        <StepPatient
          patient={props.patient}
          recordId={props.recordId}
          analyses={props.analyses}
          onChoose={props.onChoosePatient}
          onSkip={props.onSkipPatient}
        />
      );
    case 'identity':
      return <StepIdentity />;
    case 'physiology':
      return <StepPhysiology />;
    case 'insurance':
      return <StepInsurance />;
    case 'contact':
      return <StepContact />;
    case 'patientExtra':
      return <StepPatientExtra />;
    case 'collection':
      return <StepCollection renderResourceForm={props.renderResourceForm} />;
    case 'clinical':
      return <StepClinical />;
    case 'report':
      return <StepReport />;
    case 'recordExtra':
      return <StepRecordExtra />;
    case 'analyses':
      return <StepAnalyses analyses={props.analyses} conflicts={props.conflicts} />;
    case 'special':
      return <StepSpecial />;
    default:
      return null;
  }
}
