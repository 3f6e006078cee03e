import type { ResultParameter, ResultPatient, SampleResultLine, SampleResults } from '@sil/contract';
import {
  calculatedPreview,
  EMPTY_SHOWN,
  isCalculatedLine,
  isChanged,
  previewOf,
  reportedOfShown,
  type Shown,
  shownOfStored,
  typedResult,
} from './result-reading';

/** What the live reading needs; null when the user may not read the parameters or the record. */
export interface ReadingContext {
  definitions: ReadonlyMap<string, ResultParameter>;
  patient: ResultPatient;
}

/** A line as saved: its stored reading, or the calculation's failure when nothing is stored. */
function storedShown(line: SampleResultLine): Shown {
  if (line.result)
    return shownOfStored(
      line.result,
      line.calculation_error,
      line.calculation_detail,
      isCalculatedLine(line),
    );
  if (line.calculation_error)
    return {
      ...EMPTY_SHOWN,
      calculationError: { code: line.calculation_error, detail: line.calculation_detail },
    };
  return EMPTY_SHOWN;
}

/**
 * What every line of the bench reads as while it is typed (`drafts`, in the order of the lines):
 * the typed lines with the contract's rules, then the calculated lines from those readings.
 * Without the context (no right to the parameters or the record), what is saved or typed as is.
 */
export function readBench(
  data: SampleResults,
  drafts: readonly string[],
  context: ReadingContext | null,
  language: string,
): Shown[] {
  // What the typed lines read as, by parameter: the calculated lines below read these values.
  const typed = new Map<string, number | null>();
  const matrix = data.sample.sample_matrix;
  return data.lines.map((line, index) => {
    const draft = drafts[index] ?? '';
    const definition = context?.definitions.get(line.parameter_id);
    let shown: Shown;
    if (isCalculatedLine(line))
      shown =
        context && definition
          ? calculatedPreview(line, typed, definition, context.patient, matrix)
          : storedShown(line);
    else if (context && definition) shown = previewOf(draft, language, definition, context.patient, matrix);
    else if (line.result && !isChanged(line, draft, language)) shown = storedShown(line);
    else shown = { ...EMPTY_SHOWN, ...typedResult(draft, language) };
    typed.set(line.parameter_id, reportedOfShown(shown));
    return shown;
  });
}
