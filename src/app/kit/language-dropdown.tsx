import { cloneElement, useEffect, useRef, type ReactElement, type Ref } from 'react';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { INTL_TAG, LOCALES, LOCALE_NAMES, type Locale } from '../../shared/locales';

interface LanguageDropdownProps {
  /** The language button (kit/language-menu.tsx), shown the same before this module loads. */
  target: ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
  active: Locale;
  onChoose: (locale: Locale) => void;
  /** Whether the dropdown is open (held by the caller: the click that loaded this module opens it). */
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** Focus the button: the one it replaces had the focus. */
  focused: boolean;
}

/** The language menu's dropdown around its button, loaded on first use (kit/language-menu.tsx). */
export default function LanguageDropdown({ target, active, onChoose, opened, onChange, focused }: LanguageDropdownProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focused) button.current?.focus();
    // Only when it replaces the first button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{cloneElement(target, { ref: button })}</Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={INTL_TAG[locale]}
            onClick={() => onChoose(locale)}
            rightSection={locale === active ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={locale === active ? 'true' : undefined}
          >
            {LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
