import { Suspense, lazy, useState, type ComponentProps } from 'react';
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES, SOURCE_LOCALE, isLocale, type Locale } from '../../shared/locales';
import { activateLocale } from './i18n';

interface LanguageMenuProps {
  /** Called after the catalog of the chosen language is active (e.g. to save the user setting). */
  onChanged?: (locale: Locale) => void;
  /** Only the icon (narrow navbars). */
  compact?: boolean;
}

// The dropdown (Mantine's Menu, Popover and floating-ui) is loaded on the button's first click
// (a sign-in page shows the button only), which it then opens. Not before: a button swapped
// between the press and the release of a click would lose that click.
const LanguageDropdown = lazy(() => import('./language-dropdown'));

/** The language dropdown: the ten languages by their own names; switches without a reload. */
export function LanguageMenu({ onChanged, compact = false }: LanguageMenuProps) {
  const { t, i18n } = useLingui();
  const active: Locale = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  // Set by the first click: whether the button had the focus, to give it to the one that replaces it.
  const [loading, setLoading] = useState<{ focused: boolean } | null>(null);
  const [opened, setOpened] = useState(false);
  const choose = async (locale: Locale) => {
    if (locale === active) return;
    await activateLocale(locale);
    onChanged?.(locale);
  };
  const button = (props: ComponentProps<'button'>) => (
    <Button
      variant="subtle"
      color="gray"
      px={compact ? 6 : undefined}
      leftSection={<IconLanguage size={18} aria-hidden />}
      aria-label={t`Language: ${LOCALE_NAMES[active]}`}
      aria-haspopup="menu"
      {...props}
    >
      {compact ? null : LOCALE_NAMES[active]}
    </Button>
  );
  const placeholder = button({
    onClick: (event) => {
      setLoading({ focused: document.activeElement === event.currentTarget });
      setOpened(true);
    },
  });
  return (
    <Suspense fallback={placeholder}>
      {loading ? (
        <LanguageDropdown
          target={button({})}
          active={active}
          onChoose={(locale) => void choose(locale)}
          opened={opened}
          onChange={setOpened}
          focused={loading.focused}
        />
      ) : placeholder}
    </Suspense>
  );
}
