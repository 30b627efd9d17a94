import { CYCLE_COUNT_RESULT } from '../../../shared/codes';
import { codeField } from '../../kit/record-parts';

/** A line's result (normal, surplus, missing) as a status tag. */
export const resultField = codeField(CYCLE_COUNT_RESULT, /*i18n*/ 'Result', true);
