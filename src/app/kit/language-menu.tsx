import { Suspense, lazy, useRef, useState, type ComponentProps } from 'react';
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

// The dropdown (Mantine's Menu, Popover and floating-ui) is loaded when the button is first
// pointed at, focused or clicked: a sign-in page shows the button only.
const LanguageDropdown = lazy(() => import('./language-dropdown'));

/** How the dropdown is wanted when it loads: opened (the button was clicked) and focused. */
interface Wanted {
  opened: boolean;
  focused: boolean;
}

/** The language dropdown: the ten languages by their own names; switches without a reload. */
export function LanguageMenu({ onChanged, compact = false }: LanguageMenuProps) {
  const { t, i18n } = useLingui();
  const active: Locale = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  const [wanted, setWanted] = useState<Wanted | null>(null);
  const focused = useRef(false);
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
  const want = (opened: boolean) => setWanted((was) => ({ opened: opened || Boolean(was?.opened), focused: focused.current }));
  const placeholder = button({
    onPointerEnter: () => want(false),
    onFocus: () => {
      focused.current = true;
      want(false);
    },
    onBlur: () => {
      focused.current = false;
    },
    onClick: () => want(true),
  });
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageDropdown target={button({})} active={active} onChoose={(locale) => void choose(locale)} opened={wanted.opened} focused={focused.current || wanted.focused} />
    </Suspense>
  );
}
