/**
 * A haematology run as an analyser sends it: one specimen, many results (more than eight frames, so
 * frame numbers wrap) and a comment longer than one frame (so it goes out as ETB frames).
 */
export function haematologyRun(specimenId: string): string[] {
  const tests = ['WBC', 'RBC', 'HGB', 'HCT', 'MCV', 'MCH', 'MCHC', 'PLT', 'NEUT', 'LYMPH', 'MONO', 'EO'];
  return [
    'H|\\^&|||SIMULATOR^1.0|||||||P|LIS2-A2|20240514083512',
    'P|1||PAT-1',
    `O|1|${specimenId}||${tests.map((t) => `^^^${t}`).join('\\')}|R||20240514080000||||N||||||||||||||F`,
    ...tests.map(
      (test, i) =>
        `R|${i + 1}|^^^${test}|${(i + 1) * 1.5}|10^9/L|1.0 to 20.0|${i === 2 ? 'L' : 'N'}||F||TECH||20240514083000|SIMULATOR`,
    ),
    `C|1|I|${'Smear reviewed: '.padEnd(400, 'x')}|G`,
    'L|1|N',
  ];
}

export const ASTM_QUERY = (specimenId: string) => [
  'H|\\^&|||SIMULATOR^1.0|||||||P|LIS2-A2|20240514083512',
  `Q|1|^${specimenId}||^^^ALL||||||||O`,
  'L|1|N',
];
