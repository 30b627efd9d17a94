import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { Access, EndpointDef } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { ResourceList } from '../../kit/resource/resource-list';
import { routeAt } from '../../routes/access';
import { useMayCall } from '../../kit/permitted';

export type BlockAction = 'block' | 'unblock';

type Row = Record<string, unknown>;

/** The row a Block or Unblock action was chosen on. */
export interface BlockChoice {
  action: BlockAction;
  row: Row;
}

/**
 * A list whose rows are blocked and unblocked (Stock Block, Location Block): the resource's list
 * at its page, Block and Unblock on the rows that allow them for a user holding `change`, and the
 * dialog of the choice (`dialog`, told to close, or that it is done: the list then reloads).
 */
export function BlockList<E extends EndpointDef>({ resource, endpoint, change, title, canBlock, canUnblock, dialog }: {
  resource: ResourceDef;
  endpoint: E;
  /** What blocking and unblocking need: the page's Action permission, one for both calls. */
  change: Access;
  /** The title when the route manifest has none for the page. */
  title: string;
  canBlock(row: Row): boolean;
  canUnblock(row: Row): boolean;
  dialog(choice: BlockChoice | null, close: () => void, done: () => Promise<void>): ReactNode;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<BlockChoice | null>(null);
  const path = resource.pages!.list!;
  const route = routeAt(path);
  const choose = (action: BlockAction) => (row: Row) => setChoice({ action, row });
  const mayChange = useMayCall(change);
  const close = () => setChoice(null);
  const done = async () => {
    setChoice(null);
    await queryClient.invalidateQueries({ queryKey: ['resource', resource.name] });
  };
  return (
    <>
      <ResourceList
        resource={resource}
        endpoint={endpoint}
        title={route ? i18n._(route.title) : title}
        path={path}
        exportable
        rowActions={[
          { label: t`Block`, color: 'red', visible: (row: Row) => mayChange && canBlock(row), onClick: choose('block') },
          { label: t`Unblock`, visible: (row: Row) => mayChange && canUnblock(row), onClick: choose('unblock') },
        ]}
      />
      {dialog(choice, close, done)}
    </>
  );
}
