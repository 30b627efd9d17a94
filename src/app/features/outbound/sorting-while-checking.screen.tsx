import { Trans } from '@lingui/react/macro';
import { CHECKING_STATION_MODE } from '../../../shared/codes';
import { CheckingStation } from './checking.screen';

/**
 * Sorting While Checking (spec §2 /salesoutbound/sortingwhilechecking): the checking station opened in
 * its Sort while Checking mode, whatever mode Station Management gives the station — each unit scanned
 * lights its order's slot big, and the slot's label confirms it (checking-flow.ts).
 */
export default function SortingWhileCheckingScreen() {
  return <CheckingStation path="/salesoutbound/sortingwhilechecking" title={<Trans>Sorting While Checking</Trans>} mode={CHECKING_STATION_MODE.values.SORT_WHILE_CHECKING} />;
}
