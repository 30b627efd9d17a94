import { useMemo, type ComponentType, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { EndpointDef } from '../../../shared/contract/define';
import type { ResourceDef, ResourcePages } from '../../../shared/resources/define';
import { entryName, type CallKind } from '../../../shared/resources/endpoints';
import { resourceNamed } from '../../../shared/resources/registry';
import { isParam } from '../../../shared/routes/derive';
import { routeAt } from '../../routes/access';
import { useCanOpen } from '../../routes/use-access';
import { RouteTabs } from '../route-tabs';
import { useSearchParam } from '../search-param';
import { toast } from '../toast';
import { useDeleteRow } from './delete-row';
import { ResourceForm } from './resource-form';
import { linkProps, ResourceList, type PageLink, type RowAction } from './resource-list';

/**
 * The pages of a registered resource (shared/resources/registry.ts), derived from its definition
 * and the route manifest: the list (with its page's tabs, remembered filters, Create, and Detail
 * and Edit per row), the detail (with Edit), and the create and edit forms. The route table uses
 * them for every page a resource declares that has no screen of its own (routes/screens.ts).
 */

export type PageKind = keyof ResourcePages;

/** The one path parameter of a page that takes its record in the path (`…/detail/$id`), if any. */
const pathParamOf = (page: string): string | undefined => page.split('/').find(isParam)?.replace(/[{}$-]/g, '');

/** The link to a record's page: its key in the path parameter, else in the query string under the key's name. */
export function recordLink(def: ResourceDef, page: string, key: unknown): PageLink {
  const value = String(key);
  return pathParamOf(page)
    ? page.split('/').map((segment) => (isParam(segment) ? encodeURIComponent(value) : segment)).join('/')
    : { to: page, search: { [def.key]: value } };
}

/** The record a detail or edit page shows: its path parameter, else the query string's key. */
function useRecordKey(def: ResourceDef, page: string): string {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const fromQuery = useSearchParam(def.key);
  const param = pathParamOf(page);
  return (param ? params[param] : fromQuery) ?? '';
}

/** The contract entry of one of the resource's calls. */
function callOf(def: ResourceDef, kind: CallKind): EndpointDef {
  const path = def.api?.[kind]?.path;
  const entry = path ? (contract as Record<string, EndpointDef>)[entryName(path)] : undefined;
  if (!entry) throw new Error(`${def.name} has no ${kind} call`);
  return entry;
}

/** The page's title as the manifest declares it, in the current language. */
function usePageTitle(page: string): string {
  const { i18n } = useLingui();
  const route = routeAt(page);
  return route ? i18n._(route.title) : page;
}

/** A page the user may open, or undefined (not declared, not built, not permitted). */
function useOpenable(page: string | undefined): string | undefined {
  const can = useCanOpen(page ?? '');
  return page && can ? page : undefined;
}

/** What a resource's own list screen adds to the derived list page (ResourceDef.ownScreens): actions of its own, and what shows above the list. */
export interface ListPageExtras {
  rowActions?: readonly RowAction[];
  actions?: ReactNode;
  above?: ReactNode;
}

/** The derived list page of a resource, with what its own screen adds. */
export function ListPage({ def, extras = {} }: { def: ResourceDef; extras?: ListPageExtras }) {
  const { t } = useLingui();
  const pages = def.pages!;
  const page = pages.list!;
  const route = routeAt(page);
  const title = usePageTitle(page);
  const detail = useOpenable(pages.detail);
  const edit = useOpenable(pages.edit);
  const create = useOpenable(pages.create);
  const createTitle = usePageTitle(pages.create ?? '');
  const deletion = useDeleteRow(def);
  const rowActions = useMemo<RowAction[]>(() => [
    ...(detail ? [{ label: t`Detail`, href: (row: Record<string, unknown>) => recordLink(def, detail, row[def.detailBy ?? def.key]) }] : []),
    ...(edit ? [{ label: t`Edit`, href: (row: Record<string, unknown>) => recordLink(def, edit, row[def.key]) }] : []),
    ...(extras.rowActions ?? []),
    ...(deletion.action ? [deletion.action] : []),
  ], [def, detail, edit, t, extras.rowActions, deletion.action]);
  return (
    <Stack gap="md">
      {route?.tabGroup && <RouteTabs group={route.tabGroup} />}
      {extras.above}
      <ResourceList
        resource={def}
        endpoint={callOf(def, 'list')}
        title={title}
        path={page}
        remember={route?.rememberFilters ?? false}
        exportable
        // A detail opened by another field than the key is reached by the row action only.
        detailHref={detail && !def.detailBy ? (key) => recordLink(def, detail, key) : undefined}
        rowActions={rowActions}
        actions={(create || extras.actions) && (
          <Group gap="sm">
            {extras.actions}
            {create && (
              <Button component={Link} to={create} leftSection={<IconPlus size={16} aria-hidden />}>
                {createTitle}
              </Button>
            )}
          </Group>
        )}
      />
      {deletion.dialog}
    </Stack>
  );
}

function DetailPage({ def }: { def: ResourceDef }) {
  const pages = def.pages!;
  const id = useRecordKey(def, pages.detail!);
  const title = usePageTitle(pages.detail!);
  const edit = useOpenable(pages.edit);
  const link = edit && id !== '' ? recordLink(def, edit, id) : undefined;
  return (
    <ResourceForm
      resource={def}
      mode="detail"
      title={title}
      detail={callOf(def, 'detail')}
      id={id}
      actions={link && (
        <Button component={Link} {...linkProps(link)} variant="light" leftSection={<IconPencil size={16} aria-hidden />}>
          <Trans>Edit</Trans>
        </Button>
      )}
    />
  );
}

function FormPage({ def, mode }: { def: ResourceDef; mode: 'create' | 'edit' }) {
  const { t } = useLingui();
  const pages = def.pages!;
  const page = mode === 'create' ? pages.create! : pages.edit!;
  const id = useRecordKey(def, page);
  const title = usePageTitle(page);
  const navigate = useNavigate();
  const router = useRouter();
  const detail = useOpenable(pages.detail);
  return (
    <ResourceForm
      resource={def}
      mode={mode}
      title={title}
      detail={mode === 'edit' && def.api?.detail ? callOf(def, 'detail') : undefined}
      id={mode === 'edit' ? id : undefined}
      submit={callOf(def, mode === 'create' ? 'create' : 'update')}
      onSaved={(row) => {
        toast.success(mode === 'create' ? t`Created` : t`Saved`);
        const next = detail ? recordLink(def, detail, row[def.key]) : pages.list ?? '/home';
        void navigate(linkProps(next));
      }}
      onCancel={() => router.history.back()}
    />
  );
}

const screens = new Map<string, ComponentType>();

/** The screen of one page of a registered resource; the same component every time it is asked for. */
export function resourceScreen(name: string, kind: PageKind): ComponentType {
  const id = `${name}:${kind}`;
  const known = screens.get(id);
  if (known) return known;
  const def = resourceNamed(name);
  if (!def?.pages?.[kind]) throw new Error(`resource ${name} declares no ${kind} page`);
  const Screen: ComponentType = kind === 'list' ? () => <ListPage def={def} />
    : kind === 'detail' ? () => <DetailPage def={def} />
      : () => <FormPage def={def} mode={kind} />;
  Screen.displayName = `ResourcePage(${id})`;
  screens.set(id, Screen);
  return Screen;
}
