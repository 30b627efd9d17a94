import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { dockResource } from '../../../shared/resources/dock.resource';
import { ResourceList, type RowAction } from '../../kit/resource/resource-list';

/**
 * /wmsbasic/dockmanagement: the warehouse's loading docks; filters are remembered (spec §2).
 * The detail page takes the dock by query (?dock_code=), so View navigates with a search
 * rather than a path link.
 */
export default function DockScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const rowActions = useMemo<RowAction[]>(() => [{
    label: t`View`,
    onClick: (row) => void navigate({ to: '/wmsbasic/dockmanagement/detail', search: { dock_code: String(row.dock_code) } as never }),
  }], [t, navigate]);
  return (
    <ResourceList
      resource={dockResource}
      endpoint={contract.searchDock}
      title={t`Dock Management`}
      path="/wmsbasic/dockmanagement"
      rowActions={rowActions}
    />
  );
}
