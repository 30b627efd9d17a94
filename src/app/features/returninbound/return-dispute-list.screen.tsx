import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { RETURN_DISPUTE_STATUS, INBOUND_STATUS } from '../../../shared/codes';
import { contract } from '../../../shared/contract';
import { RETURN_ORDER_ACCESS, RETURN_ORDER_PAGES, type SettleReturnDisputeInput } from '../../../shared/contract/return-order.contract';
import { returnDisputeResource } from '../../../shared/resources/return-order.resource';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';
import { ReasonDialog } from '../../kit/reason-dialog';
import { ResourceList } from '../../kit/resource/resource-list';
import { toast } from '../../kit/toast';
import { routeAt } from '../../routes/access';
import { returnOrderQueries } from './return-order.queries';

type Settling = { disputeNo: string; trackingNo: string; outcome: SettleReturnDisputeInput['outcome'] } | null;

/**
 * /returninbound/Dispute (every dispute) and /returninbound/disputeprocessing (the open ones): the
 * derived list of return-dispute, with the settling actions on an open dispute — match it to the
 * return it belongs to (that return arrives), or send the parcel back to the buyer.
 */
export default function ReturnDisputeListScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const processing = pathname === RETURN_ORDER_PAGES.disputeProcessing;
  const path = processing ? RETURN_ORDER_PAGES.disputeProcessing : RETURN_ORDER_PAGES.disputes;
  const route = routeAt(path);
  const [settling, setSettling] = useState<Settling>(null);
  const open = (row: Record<string, unknown>) => row.status === RETURN_DISPUTE_STATUS.values.OPEN;
  const start = (outcome: NonNullable<Settling>['outcome']) => (row: Record<string, unknown>) =>
    setSettling({ disputeNo: String(row.dispute_no), trackingNo: String(row.tracking_no), outcome });

  /** The answer refused in the dialog, in the user's language where the retcode says why. */
  const refusalOf = (error: unknown): Error => {
    if (!isApiError(error, RET.RETURN_DISPUTE_UNMATCHED)) return error instanceof Error ? error : new Error(String(error));
    const data = error.data as { reason?: string; asn_no?: string; status?: number; return_no?: string };
    if (data.reason === 'closed') {
      const asnNo = data.asn_no ?? '';
      const status = i18n._(INBOUND_STATUS.label(data.status ?? -1) ?? { id: String(data.status) });
      return new Error(t`Return ASN ${asnNo} is ${status}: its parcel is not awaited, so it cannot be this one.`);
    }
    const returnNo = data.return_no ?? '';
    return new Error(t`No return of this warehouse is ${returnNo}.`);
  };

  const settle = async (reply: string) => {
    if (!settling) return;
    const input: SettleReturnDisputeInput = settling.outcome === 'match'
      ? { dispute_no: settling.disputeNo, outcome: 'match', return_no: reply, remark: null }
      : { dispute_no: settling.disputeNo, outcome: 'return_to_buyer', return_no: null, remark: reply };
    try {
      const { dispute, arrival } = await callApi(contract.settleReturnDispute, input, { noErrorCodes: [RET.RETURN_DISPUTE_UNMATCHED] });
      const disputeNo = dispute.dispute_no;
      if (arrival?.outcome === 'arrived') {
        const asnNo = arrival.asn_no;
        toast.success(t`Dispute ${disputeNo} matched: return ${asnNo} has arrived.`);
      } else {
        toast.success(t`Dispute ${disputeNo} settled: the parcel goes back to the buyer.`);
      }
    } catch (error) {
      throw refusalOf(error);
    }
    setSettling(null);
    void queryClient.invalidateQueries({ queryKey: ['resource'] });
    void queryClient.invalidateQueries({ queryKey: returnOrderQueries.all });
  };

  const disputeNo = settling?.disputeNo ?? '';
  const trackingNo = settling?.trackingNo ?? '';
  return (
    <>
      <ResourceList
        resource={returnDisputeResource}
        endpoint={contract.searchDispute}
        title={route ? i18n._(route.title) : path}
        path={path}
        remember={route?.rememberFilters ?? false}
        exportable
        fixedInput={processing ? { status: RETURN_DISPUTE_STATUS.values.OPEN } : undefined}
        description={processing ? <Trans>Parcels no return expected, waiting to be settled: match each to the return it belongs to, or send it back to the buyer.</Trans> : undefined}
        rowActions={[
          { label: t`Match to a Return`, permission: RETURN_ORDER_ACCESS.settle.perm, visible: open, onClick: start('match') },
          { label: t`Return to Buyer`, permission: RETURN_ORDER_ACCESS.settle.perm, visible: open, onClick: start('return_to_buyer') },
        ]}
      />
      <ReasonDialog
        opened={settling !== null}
        title={settling?.outcome === 'match' ? t`Match dispute ${disputeNo}` : t`Return dispute ${disputeNo} to the buyer`}
        explanation={settling?.outcome === 'match'
          ? <Trans>Parcel {trackingNo} belongs to a return after all: name the return, and it arrives with this parcel.</Trans>
          : <Trans>Parcel {trackingNo} goes back to the buyer: say how (the carrier, the tracking number back).</Trans>}
        label={settling?.outcome === 'match' ? t`Return Order No. or Return ASN` : t`Remark`}
        maxLength={settling?.outcome === 'match' ? 64 : 500}
        confirmLabel={settling?.outcome === 'match' ? <Trans>Match</Trans> : <Trans>Return to Buyer</Trans>}
        onConfirm={settle}
        onClose={() => setSettling(null)}
      />
    </>
  );
}
