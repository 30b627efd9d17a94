import { useEffect, useMemo, useState, type RefObject } from 'react';
import { Combobox, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHistory, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { MENU_HISTORY_MAX, SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import { isMenuSearchLongEnough } from '../../../shared/validation';
import { flattenMenu, searchMenu, type MenuNode } from '../../routes/access';
import { readStoredJson, writeStored } from '../../kit/storage';

const HISTORY_KEY = 'tally-menu-history';

const isPathList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * Menu search (spec §2): case-insensitive on translated titles from 2 characters, 300 ms
 * debounce; focused and empty, it offers the last 5 pages picked here.
 */
export function MenuSearch({ nodes, inputRef }: { nodes: MenuNode[]; inputRef: RefObject<HTMLInputElement | null> }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const [history, setHistory] = useState(() => readStoredJson(HISTORY_KEY, [], isPathList));
  const entries = useMemo(() => flattenMenu(nodes), [nodes]);

  const typed = query.trim();
  const results = useMemo(() => {
    if (typed === '') {
      return history.flatMap((path) => entries.filter((e) => e.path === path));
    }
    return isMenuSearchLongEnough(typed) && isMenuSearchLongEnough(debounced)
      ? searchMenu(entries, debounced, (d: MessageDescriptor) => i18n._(d))
      : [];
  }, [typed, debounced, history, entries, i18n]);

  useEffect(() => {
    if (typed !== '') combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is stable; rerun on new results only
  }, [results]);

  const pick = (path: string) => {
    const next = [path, ...history.filter((p) => p !== path)].slice(0, MENU_HISTORY_MAX);
    setHistory(next);
    writeStored(HISTORY_KEY, JSON.stringify(next));
    setQuery('');
    combobox.closeDropdown();
    // Focus goes to the page; the next focus here offers the history again.
    inputRef.current?.blur();
    void navigate({ to: path });
  };

  const hint = typed === ''
    ? null
    : !isMenuSearchLongEnough(typed)
      ? t`Type at least 2 characters.`
      : debounced === typed && results.length === 0
        ? t`No matching pages.`
        : null;

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          ref={inputRef}
          aria-label={t`Search menu`}
          placeholder={t`Search menu`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setQuery('');
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={results.length === 0 && hint === null}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {typed === '' && results.length > 0 && (
            <Combobox.Header>
              <Text size="xs" c="dimmed">
                <Trans>Recently opened</Trans>
              </Text>
            </Combobox.Header>
          )}
          {results.map((entry) => (
            <Combobox.Option value={entry.path} key={entry.path}>
              <Text size="sm" fw={500} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                {typed === '' && <IconHistory size={14} aria-hidden />}
                {i18n._(entry.title)}
              </Text>
              {entry.trail.length > 0 && (
                <Text size="xs" c="dimmed">
                  {entry.trail.map((d) => i18n._(d)).join(' › ')}
                </Text>
              )}
            </Combobox.Option>
          ))}
          {hint && <Combobox.Empty>{hint}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
