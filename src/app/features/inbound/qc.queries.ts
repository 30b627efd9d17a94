import { queryOptions } from '@tanstack/react-query';
import { contract } from '../../../shared/contract';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';

/**
 * An ASN of a step screen by what the operator scanned: its number, or failing that the number of
 * its task of the step (QC or receiving tasks are numbered IT…). Not found as either is -100404.
 */
export async function byAsnOrTask<T>(code: string, read: (input: { asn_no: string } | { task_no: string }) => Promise<T>): Promise<T> {
  try {
    return await read({ asn_no: code });
  } catch (error) {
    if (!isApiError(error, RET.NOT_FOUND)) throw error;
    return read({ task_no: code });
  }
}

/** The QC screen's read: the ASN's lines with their samples and inspections. */
export const qcQueries = {
  asn: (code: string) => queryOptions({
    queryKey: ['qc', 'asn', code],
    queryFn: ({ signal }) => byAsnOrTask(code, (input) => callApi(contract.getQcAsn, input, { signal, noErrorCodes: [RET.NOT_FOUND] })),
    retry: false,
  }),
};
