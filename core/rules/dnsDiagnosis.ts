/**
 * The custom domain's DNS diagnosis (SPEC 10): what is wrong with each record, from what DNS answers now, as its
 * parts (which the panel words in the owner's language) and as the English sentence the server sends beside them.
 */
import type { DnsDiagnosisRow, DnsRecordProblem } from '../contract';
import { DOMAIN_CHECK_UNAVAILABLE_MESSAGE } from './domains';

/** What a record's diagnosis reads: its type, the value expected and what DNS answers for its name and type. */
export type DnsDiagnosisInput = Pick<DnsDiagnosisRow, 'type' | 'expected' | 'answers'>;

/**
 * What is wrong with a record of the custom domain, from what DNS answers now, or null when it answers what is
 * expected. `other` is what DNS answers for the same name in the other type: a CNAME where an A record belongs,
 * or an A record where a CNAME does.
 */
export function dnsRecordProblem(
  row: DnsDiagnosisInput,
  other: { cname: readonly string[]; a: readonly string[] },
): DnsRecordProblem | null {
  const { type, expected, answers } = row;
  if (answers.includes(expected)) return null;
  if (type === 'TXT') return { code: 'proof_missing', found: [] };
  if (type === 'CNAME') {
    if (answers.length > 0) return { code: 'cname_elsewhere', found: [...answers] };
    if (other.a.length > 0) return { code: 'a_instead_of_cname', found: [...other.a] };
    return { code: 'cname_missing', found: [] };
  }
  if (other.cname.length > 0) return { code: 'cname_instead_of_a', found: [...other.cname] };
  if (answers.length > 0) return { code: 'a_elsewhere', found: [...answers] };
  return { code: 'a_missing', found: [] };
}

/** A record's problem in English, a sentence shown on its own: the diagnosis row's `hint`. */
export function dnsRecordHint(row: Pick<DnsDiagnosisRow, 'name' | 'expected'>, problem: DnsRecordProblem): string {
  const { name, expected } = row;
  const found = problem.found.join(', ');
  switch (problem.code) {
    case 'proof_missing':
      return `Add a TXT record at ${name} with the value ${expected}: it proves the domain is yours`;
    case 'cname_elsewhere':
      return `Your CNAME points to ${problem.found[0]}; it should point to ${expected}`;
    case 'a_instead_of_cname':
      return `${name} has an A record (${found}) instead of a CNAME to ${expected}: remove it and add the CNAME`;
    case 'cname_missing':
      return `There is no CNAME record for ${name} yet: add one pointing to ${expected}`;
    case 'cname_instead_of_a':
      return `${name} is a CNAME to ${problem.found[0]}; replace it with an A record pointing to ${expected}`;
    case 'a_elsewhere':
      return `Your A record points to ${found}; it should point to ${expected}`;
    case 'a_missing':
      return `There is no A record for ${name} yet: add one pointing to ${expected}`;
    case 'check_failed':
      return DOMAIN_CHECK_UNAVAILABLE_MESSAGE;
  }
}
